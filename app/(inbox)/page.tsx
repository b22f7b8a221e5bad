import type { Metadata } from "next";

import { InboxShell } from "@/components/inbox/inbox-shell";
import { clientViewer } from "@/lib/server/http/session";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage() {
  return <InboxShell viewer={await clientViewer()} />;
}
