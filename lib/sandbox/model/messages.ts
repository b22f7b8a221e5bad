import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { fail } from "../http";
import { messages } from "../schema";
import {
  assertCapability,
  assertLength,
  capabilityContext,
  refreshLastPreview,
  type AccountLinkRow,
  type MessageRow,
  type PlatformRow,
  type RecordEvent,
  type ThreadRow,
} from "./conversations";

/**
 * Changes to one sent message as both API versions make them, inside the caller's
 * transaction with the message row locked: each asks lib/api's capability rule first.
 */
export type MessageAt = { message: MessageRow; thread: ThreadRow; link: AccountLinkRow; platform: PlatformRow; now: Date };

export async function editMessage(tx: Database, record: RecordEvent, at: MessageAt, content: string): Promise<MessageRow> {
  const { message, thread, link, platform, now } = at;
  assertSettled(message);
  assertCapability("message:edit", capabilityContext(link, platform, thread, message, now));
  assertLength(platform, content);
  if (content === message.content) return message;
  const [next] = await tx
    .update(messages)
    .set({ content: content, editedAt: now, versions: [...message.versions, { content: content, at: now.toISOString() }] })
    .where(eq(messages.id, message.id))
    .returning();
  await refreshLastPreview(tx, thread, next!);
  record({
    type: "message.edited",
    objectType: "message",
    objectId: message.id,
    data: { threadId: thread.id, messageId: message.id, editedAt: now.toISOString() },
  });
  return next!;
}

export async function unsendMessage(tx: Database, record: RecordEvent, at: MessageAt, scope: "self" | "all"): Promise<MessageRow> {
  const { message, thread, link, platform, now } = at;
  assertSettled(message);
  assertCapability("message:unsend", capabilityContext(link, platform, thread, message, now));
  const [next] = await tx.update(messages).set({ deletedAt: now }).where(eq(messages.id, message.id)).returning();
  await refreshLastPreview(tx, thread, next!);
  record({
    type: "message.deleted",
    objectType: "message",
    objectId: message.id,
    data: { threadId: thread.id, messageId: message.id, scope },
  });
  return next!;
}

/** Adds (`present`) or removes the account's own reaction; answers the message's reactions. */
export async function setReaction(
  tx: Database,
  record: RecordEvent,
  at: MessageAt,
  emoji: string,
  present: boolean,
): Promise<MessageRow["reactions"]> {
  const { message, thread, link, platform, now } = at;
  assertSettled(message);
  assertCapability("message:react", capabilityContext(link, platform, thread, message, now));
  const ours = (r: Record<string, unknown>) => {
    const author = r.author as { type?: unknown; accountLinkId?: unknown } | undefined;
    return r.emoji === emoji && author?.type === "accountLink" && author.accountLinkId === thread.accountLinkId;
  };
  const exists = message.reactions.some(ours);
  if (exists === present) return message.reactions;
  const next = present
    ? [...message.reactions, { emoji, author: { type: "accountLink", accountLinkId: thread.accountLinkId }, reactedAt: now.toISOString() }]
    : message.reactions.filter((r) => !ours(r));
  await tx.update(messages).set({ reactions: next }).where(eq(messages.id, message.id));
  record({
    type: present ? "message.reactionAdded" : "message.reactionRemoved",
    objectType: "message",
    objectId: message.id,
    data: { threadId: thread.id, messageId: message.id, emoji },
  });
  return next;
}

/** An unconfirmed send (pending, or never delivered) cannot be changed on the platform. */
function assertSettled(message: MessageRow): void {
  if (message.unsettled !== null) fail("messageNotMutable", `Message ${message.id} is ${message.unsettled === "pending" ? "not confirmed yet" : "not delivered"}`, { reason: "unsettled" });
}
