import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";

import { OutreachShell } from "@/components/outreach/outreach-shell";
import { clientViewer } from "@/lib/server/http/session";

export default async function OutreachLayout({ children }: { children: ReactNode }) {
  // Views of their own in the URL (nuqs); the inbox keeps its own (lib/client/list/inbox-url) and loads none of nuqs.
  return (
    <NuqsAdapter>
      <OutreachShell viewer={await clientViewer()}>{children}</OutreachShell>
    </NuqsAdapter>
  );
}
