import type { ReactNode } from "react";

import { SettingsShell } from "@/components/settings/settings-shell";
import { clientViewer } from "@/lib/server/http/session";

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  return <SettingsShell viewer={await clientViewer()}>{children}</SettingsShell>;
}
