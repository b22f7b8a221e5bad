import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";

import { SettingsShell } from "@/components/settings/settings-shell";
import { clientViewer } from "@/lib/server/http/session";

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  // Views of their own in the URL (nuqs); the inbox keeps its own (lib/client/list/inbox-url) and loads none of nuqs.
  return (
    <NuqsAdapter>
      <SettingsShell viewer={await clientViewer()}>{children}</SettingsShell>
    </NuqsAdapter>
  );
}
