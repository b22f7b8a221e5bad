import type { ReactNode } from "react";

import { requireViewer } from "@/lib/server/http/session";

// Every page of the inbox needs a session; without one, the login page (which returns here).
export default async function InboxLayout({ children }: { children: ReactNode }) {
  await requireViewer();
  return children;
}
