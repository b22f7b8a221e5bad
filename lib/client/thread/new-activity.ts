import type { Message } from "@/lib/api/messages";

/**
 * Collision: a reply written without seeing what happened since is paused for review. The
 * baseline is the newest message the member has seen in the open thread (its time on the
 * service's clock, so browser clock skew does not matter); what came after it — the contact
 * writing, or a teammate or agent replying — is new activity, except this tab's own sends.
 */
export function newActivity(messages: readonly Message[], seenAt: string | null, ownIds: ReadonlySet<string>): Message[] {
  if (seenAt === null) return [];
  const seen = Date.parse(seenAt);
  return messages.filter((m) => !ownIds.has(m.id) && Date.parse(m.sentAt) > seen);
}

/** The newest message time in a history, or null for an empty one. */
export function latestSentAt(messages: readonly Message[]): string | null {
  let latest: string | null = null;
  for (const m of messages) if (latest === null || Date.parse(m.sentAt) > Date.parse(latest)) latest = m.sentAt;
  return latest;
}

/** "New message from Shane" / "3 new messages": what the pause says arrived. */
export function activitySummary(fresh: readonly Message[], personName: string): string {
  if (fresh.length === 0) return "";
  const inbound = fresh.every((m) => m.direction === "inbound");
  if (fresh.length === 1) return inbound ? `New message from ${personName}` : "A teammate replied";
  return inbound ? `${fresh.length} new messages from ${personName}` : `${fresh.length} new messages`;
}
