import type { ReactNode } from "react";

import { OutreachShell } from "@/components/outreach/outreach-shell";
import { clientViewer } from "@/lib/server/http/session";

export default async function OutreachLayout({ children }: { children: ReactNode }) {
  return <OutreachShell viewer={await clientViewer()}>{children}</OutreachShell>;
}
