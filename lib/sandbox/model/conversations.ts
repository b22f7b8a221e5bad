import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { capabilityError, checkCapability, type CapabilityContext } from "@/lib/api/capabilities";
import { ApiError } from "@/lib/api/errors";
import type { Message } from "@/lib/api/messages";
import type { Database } from "@/lib/db/connection";
import type { EventInput } from "../events/event-log";
import { fail } from "../http";
import { newId } from "./ids";
import { accountLinks, contacts, messages, platforms, profiles, threads } from "../schema";
import { previewOf, searchTextOf } from "./previews";
import { toAccountLink, toPlatform } from "./serialize";

/**
 * The domain rules shared by threads, messages and the simulator: how a conversation is
 * found, started (with a profile and a contact when the person is new) and moved on by a
 * message, keeping the thread's denormalised summary (activity, last message, search text)
 * in step with its messages.
 */
export type ThreadRow = typeof threads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type AccountLinkRow = typeof accountLinks.$inferSelect;
export type PlatformRow = typeof platforms.$inferSelect;
export type RecordEvent = (event: EventInput) => void;

/** A thread and its contact's assignee, the fallback of the API's `assigneeId`. */
export type LoadedThread = { row: ThreadRow; contactAssigneeId: string | null };

export async function findThread(db: Database, teamId: string, threadId: string): Promise<LoadedThread | null> {
  const [found] = await db
    .select({ row: threads, contactAssigneeId: contacts.assigneeId })
    .from(threads)
    .leftJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.teamId, threads.teamId)))
    .where(and(eq(threads.teamId, teamId), eq(threads.id, threadId)));
  return found ?? null;
}

export async function requireThread(db: Database, teamId: string, threadId: string): Promise<LoadedThread> {
  const found = await findThread(db, teamId, threadId);
  if (!found) fail("threadNotFound", `No thread ${threadId}`);
  return found;
}

/** The thread between an account link and a profile, if they have talked. */
export async function findThreadBetween(db: Database, teamId: string, accountLinkId: string, profileId: string): Promise<LoadedThread | null> {
  const [found] = await db
    .select({ row: threads, contactAssigneeId: contacts.assigneeId })
    .from(threads)
    .leftJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.teamId, threads.teamId)))
    .where(and(eq(threads.teamId, teamId), eq(threads.accountLinkId, accountLinkId), eq(threads.profileId, profileId)))
    .orderBy(asc(threads.createdAt), asc(threads.id))
    .limit(1);
  return found ?? null;
}

export async function requireAccountLink(db: Database, teamId: string, id: string): Promise<AccountLinkRow> {
  const [row] = await db.select().from(accountLinks).where(and(eq(accountLinks.teamId, teamId), eq(accountLinks.id, id)));
  if (!row) fail("accountLinkNotFound", `No account link ${id}`);
  return row;
}

/** The service's record of a platform; every stored resource names one that exists. */
export async function requirePlatformRow(db: Database, platform: string): Promise<PlatformRow> {
  const [row] = await db.select().from(platforms).where(eq(platforms.platform, platform));
  if (!row) throw new Error(`The sandbox has no platform ${platform}`);
  return row;
}

/**
 * A message of the team with its thread; `lock` holds the message row for a read-modify-write.
 * `settledOnly`: a send still pending or never delivered (simulator/settle.ts) is not found.
 */
export async function requireMessage(
  db: Database,
  teamId: string,
  messageId: string,
  options: { lock?: boolean; settledOnly?: boolean } = {},
): Promise<{ message: MessageRow; thread: ThreadRow }> {
  const query = db.select().from(messages).where(and(eq(messages.teamId, teamId), eq(messages.id, messageId)));
  const [message] = options.lock ? await query.for("update") : await query;
  if (!message || (options.settledOnly && message.unsettled !== null)) fail("messageNotFound", `No message ${messageId}`);
  const [thread] = await db.select().from(threads).where(and(eq(threads.teamId, teamId), eq(threads.id, message.threadId)));
  // A message outlives nothing: deleting a thread deletes its messages.
  if (!thread) fail("messageNotFound", `No message ${messageId}`);
  return { message, thread };
}

export async function contactAssigneeOf(db: Database, teamId: string, contactId: string | null): Promise<string | null> {
  if (!contactId) return null;
  const [row] = await db
    .select({ assigneeId: contacts.assigneeId })
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.id, contactId)));
  return row?.assigneeId ?? null;
}

export async function findProfile(db: Database, teamId: string, platform: string, platformId: string): Promise<ProfileRow | null> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.teamId, teamId), eq(profiles.platform, platform), eq(profiles.platformId, platformId)));
  return row ?? null;
}

/** A person the service has not seen: only what the platform told it so far. */
export async function createProfile(
  tx: Database,
  teamId: string,
  platform: string,
  platformId: string,
  details: { username?: string | null; displayName?: string | null } = {},
): Promise<ProfileRow> {
  const username = details.username?.replace(/^@/, "") || null;
  const [row] = await tx
    .insert(profiles)
    .values({
      id: newId("profile"),
      teamId,
      contactId: null,
      platform,
      platformId,
      username,
      handle: username ? `@${username}` : null,
      displayName: details.displayName ?? null,
      platformData: { _tag: platform },
    })
    .returning();
  return row!;
}

/**
 * The profile's contact, made (contact.created) when the team first talks with the person:
 * reads never create one, conversations do. Threads already with the profile point to it.
 */
export async function ensureContact(
  tx: Database,
  record: RecordEvent,
  profile: ProfileRow,
  now: Date,
): Promise<{ profile: ProfileRow; contactId: string; created: boolean }> {
  if (profile.contactId) return { profile, contactId: profile.contactId, created: false };
  const contactId = newId("contact");
  await tx.insert(contacts).values({ id: contactId, teamId: profile.teamId, createdAt: now });
  const [updated] = await tx.update(profiles).set({ contactId }).where(eq(profiles.id, profile.id)).returning();
  await tx
    .update(threads)
    .set({ contactId })
    .where(and(eq(threads.teamId, profile.teamId), eq(threads.profileId, profile.id)));
  record({ type: "contact.created", objectType: "contact", objectId: contactId, data: {} });
  return { profile: updated ?? { ...profile, contactId }, contactId, created: true };
}

/**
 * A new conversation between an account link and a profile (thread.created). Its summary
 * fields are filled in by the first message, which the caller appends at once.
 */
export async function startThread(
  tx: Database,
  record: RecordEvent,
  input: { link: AccountLinkRow; profile: ProfileRow; acceptanceState: "accepted" | "pending"; now: Date },
): Promise<ThreadRow> {
  const { link, profile, now } = input;
  const [row] = await tx
    .insert(threads)
    .values({
      id: newId("thread"),
      teamId: link.teamId,
      accountLinkId: link.id,
      profileId: profile.id,
      contactId: profile.contactId,
      platform: link.platform,
      platformId: `${link.platform}-t-${randomSuffix()}`,
      activityAt: now,
      acceptanceState: input.acceptanceState,
      searchText: searchTextOf(profile, null),
      createdAt: now,
    })
    .returning();
  record({
    type: "thread.created",
    objectType: "thread",
    objectId: row!.id,
    data: { accountLinkId: link.id, contactId: profile.contactId },
  });
  return row!;
}

export type NewMessage = {
  direction: "inbound" | "outbound";
  /** Null for a message of files alone. */
  content: string | null;
  /** Stored media attachments (model/uploads); none when absent. */
  attachments?: Record<string, unknown>[];
  /** The message's ID when it had to be known beforehand (its files are stored under it). */
  id?: string;
  sentBy: Message["sentBy"];
  /**
   * Whether the platform confirmed it. An unconfirmed send (after a 502 sendUnconfirmed) is
   * kept `pending` out of its thread until `settleAt`, when it settles as `delivered` says
   * (simulator/settle.ts); the thread's summary and `threadChanges` wait for it.
   */
  confirmed: boolean | { settleAt: Date; delivered: boolean };
  now: Date;
  /** Further changes to the thread that come with this message (unread, accepted, …). */
  threadChanges?: Partial<Pick<ThreadRow, "unread" | "archived" | "acceptanceState">>;
};

export async function appendMessage(
  tx: Database,
  thread: ThreadRow,
  platform: PlatformRow,
  input: NewMessage,
): Promise<{ message: MessageRow; thread: ThreadRow }> {
  const { now } = input;
  const pending = typeof input.confirmed === "object" ? input.confirmed : null;
  const [message] = await tx
    .insert(messages)
    .values({
      id: input.id ?? newId("message"),
      teamId: thread.teamId,
      threadId: thread.id,
      platformId: input.confirmed === true ? platformMessageId(platform) : null,
      content: input.content,
      direction: input.direction,
      accountLinkId: thread.accountLinkId,
      sentBy: input.sentBy,
      sentAt: now,
      attachments: input.attachments ?? [],
      entities: { postShares: [] },
      reactions: [],
      platformData: platform.encrypted ? { _tag: platform.platform, encrypted: true } : { _tag: platform.platform },
      versions: [{ content: input.content, at: now.toISOString() }],
      ...(pending ? { unsettled: "pending" as const, settleAt: pending.settleAt, delivered: pending.delivered } : {}),
    })
    .returning();
  if (pending) return { message: message!, thread };
  return { message: message!, thread: await becomeLatest(tx, thread, message!, input.threadChanges) };
}

/**
 * A settled send joins its thread: it becomes the latest message unless a later one came
 * meanwhile (it keeps the time it was sent at).
 */
export async function joinThread(tx: Database, thread: ThreadRow, message: MessageRow, threadChanges?: NewMessage["threadChanges"]): Promise<ThreadRow> {
  const later = thread.lastSentAt !== null && thread.lastSentAt.getTime() > message.sentAt.getTime();
  if (later) return threadChanges ? updateThreadSummary(tx, thread, threadChanges) : thread;
  return becomeLatest(tx, thread, message, threadChanges);
}

/** Activity, preview and last message follow the message. */
async function becomeLatest(tx: Database, thread: ThreadRow, message: MessageRow, threadChanges?: NewMessage["threadChanges"]): Promise<ThreadRow> {
  const preview = previewOf(message);
  return updateThreadSummary(tx, thread, {
    ...threadChanges,
    activityAt: message.sentAt,
    activityPreview: preview,
    lastMessageId: message.id,
    lastDirection: message.direction,
    lastSentAt: message.sentAt,
    lastPreview: preview,
  });
}

/** The ID a platform gives a message it took. */
export function platformMessageId(platform: Pick<PlatformRow, "platform">): string {
  return `${platform.platform}-m-${randomSuffix()}`;
}

/** After an edit or unsend of the thread's last message, its preview follows the message. */
export async function refreshLastPreview(tx: Database, thread: ThreadRow, message: MessageRow): Promise<void> {
  if (thread.lastMessageId !== message.id) return;
  const preview = previewOf(message);
  await updateThreadSummary(tx, thread, { activityPreview: preview, lastPreview: preview });
}

/** The capability rule of lib/api, raised as the spec's error when it denies. */
export function assertCapability(capability: string, context: CapabilityContext & { accountLinkId?: string }): void {
  const check = checkCapability(capability, context);
  if (check.allowed) return;
  const error = capabilityError(check);
  const details =
    check.reason === "accountLinkDisconnected" && context.accountLinkId
      ? { ...error.details, accountLinkId: context.accountLinkId }
      : error.details;
  throw new ApiError({ status: error.status, code: error.code, message: `${capability}: ${check.reason}`, details });
}

/** The parts of stored rows the capability rule reads. */
export function capabilityContext(
  link: AccountLinkRow,
  platform: PlatformRow,
  thread?: ThreadRow | null,
  message?: MessageRow | null,
  now?: Date,
): CapabilityContext & { accountLinkId: string } {
  return {
    accountLinkId: link.id,
    accountLink: toAccountLink(link),
    platform: toPlatform(platform),
    thread: thread ? { restrictions: thread.restrictions } : null,
    message: message
      ? { direction: message.direction, sentAt: message.sentAt.toISOString(), deletedAt: message.deletedAt?.toISOString() ?? null }
      : null,
    now,
  };
}

/** 422 messageTooLong over the platform's `limits.messageLength`, counted in characters. */
export function assertLength(platform: PlatformRow, content: string): void {
  const max = platform.limits.messageLength;
  if (max !== null && [...content].length > max) {
    fail("messageTooLong", `The message has more than ${max} characters, ${platform.name}'s limit`, { maxLength: max });
  }
}

async function updateThreadSummary(tx: Database, thread: ThreadRow, changes: Partial<ThreadRow>): Promise<ThreadRow> {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.id, thread.profileId));
  const preview = changes.lastPreview !== undefined ? changes.lastPreview : thread.lastPreview;
  const searchText = profile ? searchTextOf(profile, preview) : (preview ?? "").toLowerCase();
  const [updated] = await tx
    .update(threads)
    .set({ ...changes, searchText })
    .where(and(eq(threads.teamId, thread.teamId), eq(threads.id, thread.id)))
    .returning();
  return updated!;
}

function randomSuffix(): string {
  return BigInt(`0x${randomBytes(8).toString("hex")}`).toString(36);
}
