import type { Metadata } from "next";

import { InboxShell } from "@/components/inbox/inbox-shell";
import { runtime } from "@/lib/server/runtime";
import { requireViewer } from "@/lib/server/session";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage() {
  const viewer = await requireViewer();
  const { config } = await runtime();
  return (
    <InboxShell
      viewer={{ userId: viewer.userId, name: viewer.name, email: viewer.email, role: viewer.role, memberId: viewer.memberLinked ? viewer.memberId : null, mode: config.mode }}
    />
  );
}
