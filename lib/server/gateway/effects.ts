import "server-only";
import { contact as contactSchema, type Contact } from "@/lib/api/contacts";
import type { ENDPOINTS, Operation } from "@/lib/api/endpoints";
import type { ApiEvent, KnownEventType } from "@/lib/api/events";
import { message as messageSchema, sendMessageResult } from "@/lib/api/messages";
import { thread as threadSchema } from "@/lib/api/threads";
import { OUTREACH_EVENT_EFFECTS, OUTREACH_READ_CACHE, OUTREACH_WRITE_EFFECTS } from "./outreach-effects";
import type { ReadCache } from "./read-cache";
import type { ThreadIndex } from "./thread-index";

/**
 * What the gateway does for each read, write and event, as tables the compiler checks: a new
 * endpoint or event type does not compile until its row says what it caches, invalidates or
 * patches, so no cached read can go stale unnoticed.
 *
 * Cache labels: `thread:<id>`, `messages:<threadId>`, `message:<id>`, `contact:<id>`, and one
 * per collection (`tags`, `statuses`, `contacts`, `accountLinks`, `members`, `team`,
 * `platforms`, `colors`); outreach's are in ./outreach-effects. Thread rows live in the thread index, not the cache.
 */
export type Params = Readonly<Record<string, string>>;

export type ReadOperation = { [O in Operation]: (typeof ENDPOINTS)[O]["method"] extends "GET" ? O : never }[Operation];
export type WriteOperation = Exclude<Operation, ReadOperation>;

/** What the gateway holds, for the effects to change. */
export type Holdings = { index: ThreadIndex; cache: ReadCache };

const MINUTE = 60_000;

type CachePolicy = { labels: string[]; ttlMs: number };

/**
 * What each read keeps in the shared cache, and how long without an event saying otherwise;
 * null: not cached (answered by the index, or always fresh from the API).
 *
 * The time to live is a safety net for changes no event announces, not what keeps entries
 * fresh: every change to a message, and to a contact's or account link's fields the inbox
 * shows, has its event (EVENT_EFFECTS) and every write its effect (WRITE_EFFECTS), which drop
 * or patch the entries at once. So it is long where events announce everything (messages:
 * 30 minutes) and shorter where some change comes unannounced (the team and its members, a
 * contact's profiles, a link added in the API's dashboard: 10 minutes). A time to live as
 * short as the browser's own re-reads (it was a minute for account links) has every member's
 * browsing spend the team's quota.
 */
export const READ_CACHE: Record<ReadOperation, ((params: Params) => CachePolicy) | null> = {
  "platforms.list": () => ({ labels: ["platforms"], ttlMs: 10 * MINUTE }),
  "team.get": () => ({ labels: ["team"], ttlMs: 10 * MINUTE }),
  "members.list": () => ({ labels: ["members"], ttlMs: 10 * MINUTE }),
  "members.get": () => ({ labels: ["members"], ttlMs: 10 * MINUTE }),
  "accountLinks.list": () => ({ labels: ["accountLinks"], ttlMs: 10 * MINUTE }),
  "accountLinks.get": () => ({ labels: ["accountLinks"], ttlMs: 10 * MINUTE }),
  // Answered by the thread index, per viewer.
  "threads.list": null,
  // Answered by the thread index when it holds the thread with what `expand` asks.
  "threads.get": (p) => ({ labels: [`thread:${p.threadId}`], ttlMs: MINUTE }),
  "threads.messages": (p) => ({ labels: [`messages:${p.threadId}`], ttlMs: 30 * MINUTE }),
  "messages.get": (p) => ({ labels: [`message:${p.messageId}`], ttlMs: 30 * MINUTE }),
  "messages.history": (p) => ({ labels: [`message:${p.messageId}`], ttlMs: 30 * MINUTE }),
  // Signed URLs that expire: always fresh.
  "messages.attachmentUrl": null,
  "contacts.list": () => ({ labels: ["contacts"], ttlMs: MINUTE }),
  // Answered by the thread index when one of its threads embeds the contact.
  "contacts.get": (p) => ({ labels: [`contact:${p.contactId}`], ttlMs: 10 * MINUTE }),
  "tags.list": () => ({ labels: ["tags"], ttlMs: 10 * MINUTE }),
  "tags.get": () => ({ labels: ["tags"], ttlMs: 10 * MINUTE }),
  "statuses.list": () => ({ labels: ["statuses"], ttlMs: 10 * MINUTE }),
  "statuses.get": () => ({ labels: ["statuses"], ttlMs: 10 * MINUTE }),
  "colors.list": () => ({ labels: ["colors"], ttlMs: 60 * MINUTE }),
  // The log itself: never cached.
  "events.list": null,
  ...OUTREACH_READ_CACHE,
};

type WriteEffect = (held: Holdings, params: Params, answer: unknown) => void;

const contactWritten: WriteEffect = ({ index, cache }, _params, answer) => {
  const parsed = contactSchema.safeParse(answer);
  if (!parsed.success) return;
  index.patchContact(parsed.data.id, () => parsed.data);
  cache.invalidate(`contact:${parsed.data.id}`, "contacts");
};
const messageWritten: WriteEffect = ({ cache }, params, answer) => {
  cache.invalidate(`message:${params.messageId}`);
  const parsed = messageSchema.safeParse(answer);
  if (parsed.success) cache.invalidate(`messages:${parsed.data.threadId}`);
};

/** What a successful write's answer changes in what the gateway holds (its events follow later). */
export const WRITE_EFFECTS: Record<WriteOperation, WriteEffect> = {
  "threads.update": ({ index, cache }, params, answer) => {
    const parsed = threadSchema.safeParse(answer);
    if (parsed.success) index.upsert(parsed.data);
    cache.invalidate(`thread:${params.threadId}`);
  },
  "threads.delete": ({ index, cache }, params) => {
    index.remove(params.threadId!);
    cache.invalidate(`thread:${params.threadId}`, `messages:${params.threadId}`);
  },
  // Typing changes nothing held.
  "threads.typing": () => {},
  "messages.send": ({ index, cache }, _params, answer) => {
    const parsed = sendMessageResult.safeParse(answer);
    if (!parsed.success) return;
    const thread = parsed.data.thread;
    index.upsert(thread);
    cache.invalidate(`messages:${thread.id}`, `thread:${thread.id}`);
    // A send that started a thread answers it without the profile the list shows.
    if (!index.get(thread.id)?.profile) index.refresh(thread.id).catch(() => undefined);
  },
  "messages.update": messageWritten,
  "messages.delete": messageWritten,
  "messages.react": ({ cache }, params) => cache.invalidate(`message:${params.messageId}`),
  "messages.unreact": ({ cache }, params) => cache.invalidate(`message:${params.messageId}`),
  "contacts.update": contactWritten,
  "contacts.addTag": contactWritten,
  "contacts.removeTag": contactWritten,
  "tags.create": ({ cache }) => cache.invalidate("tags"),
  "tags.update": ({ cache }) => cache.invalidate("tags"),
  "tags.delete": ({ cache }) => cache.invalidate("tags"),
  "statuses.create": ({ cache }) => cache.invalidate("statuses"),
  "statuses.update": ({ cache }) => cache.invalidate("statuses"),
  "statuses.delete": ({ cache }) => cache.invalidate("statuses"),
  ...OUTREACH_WRITE_EFFECTS,
};

/** An event with its `data` parsed (`{}` when it did not parse) and the thread it names, if any. */
export type AppliedEvent = { event: ApiEvent; data: Record<string, unknown>; threadId: string | null };
type EventEffect = (held: Holdings, applied: AppliedEvent) => Promise<void> | void;

const messageChanged: EventEffect = async ({ index, cache }, { event, data, threadId }) => {
  if (typeof data.messageId === "string") cache.invalidate(`message:${data.messageId}`);
  if (!threadId) return;
  cache.invalidate(`messages:${threadId}`, `thread:${threadId}`);
  // Reactions do not change a thread's row; everything else may (preview, order, unread).
  if (!event.type.startsWith("message.reaction")) await index.refresh(threadId);
};
const archivedChanged: EventEffect = ({ index, cache }, { event }) => {
  index.patch(event.object.id, (t) => ({ ...t, archived: event.type === "thread.archived" }));
  cache.invalidate(`thread:${event.object.id}`);
};
const assigneeChanged: EventEffect = ({ index, cache }, { event, data }) => {
  const own = typeof data.assigneeId === "string" ? data.assigneeId : null;
  index.patch(event.object.id, (t) => {
    const assigneeId = own ?? t.contact?.assigneeId ?? null;
    return { ...t, assigneeId, assigneeSource: own ? "thread" : assigneeId ? "contact" : null };
  });
  cache.invalidate(`thread:${event.object.id}`);
};
/** A contact event patches the contact where it is held; its time is the contact's last change (the pipeline's "in stage since"). */
const contactChanged =
  (change: (contact: Contact, data: Record<string, unknown>) => Contact): EventEffect =>
  ({ index, cache }, { event, data }) => {
    const apply = (c: Contact): Contact => ({ ...change(c, data), updatedAt: laterOf(c.updatedAt, event.createdAt) });
    index.patchContact(event.object.id, apply);
    cache.update(`/contacts/${event.object.id}`, (body) => apply(body as Contact));
    cache.invalidate("contacts");
  };
const tagsChanged: EventEffect = ({ index, cache }, { event }) => {
  cache.invalidate("tags");
  if (event.type !== "tag.deleted") return;
  for (const t of index.all()) if (t.contactId && t.contact?.tagIds.includes(event.object.id)) index.patchContact(t.contactId, (c) => ({ ...c, tagIds: c.tagIds.filter((id) => id !== event.object.id) }));
};
const statusesChanged: EventEffect = ({ index, cache }, { event }) => {
  cache.invalidate("statuses");
  if (event.type !== "status.deleted") return;
  for (const t of index.all()) if (t.contactId && t.contact?.statusId === event.object.id) index.patchContact(t.contactId, (c) => ({ ...c, statusId: null }));
};

/** What each event type changes in what the gateway holds. */
export const EVENT_EFFECTS: Record<KnownEventType, EventEffect> = {
  // After a 502 sendUnconfirmed, also how the send settled delivered: the cached pending copy goes.
  "message.sent": messageChanged,
  // A send that settled as never delivered: only the message changed (it never joined its thread).
  "message.failed": ({ cache }, { event, data }) => cache.invalidate(`message:${typeof data.messageId === "string" ? data.messageId : event.object.id}`),
  "message.received": messageChanged,
  "message.edited": messageChanged,
  "message.deleted": messageChanged,
  "message.reactionAdded": messageChanged,
  "message.reactionRemoved": messageChanged,
  "thread.created": ({ index }, { event }) => index.refresh(event.object.id),
  "thread.deleted": ({ index, cache }, { event }) => {
    index.remove(event.object.id);
    cache.invalidate(`thread:${event.object.id}`, `messages:${event.object.id}`);
  },
  "thread.archived": archivedChanged,
  "thread.unarchived": archivedChanged,
  "thread.unreadChanged": ({ index, cache }, { event, data }) => {
    if (typeof data.unread === "boolean") index.patch(event.object.id, (t) => ({ ...t, unread: data.unread as boolean }));
    cache.invalidate(`thread:${event.object.id}`);
  },
  "thread.typingIndicatorsChanged": ({ index, cache }, { event, data }) => {
    if (typeof data.typingIndicators === "string") index.patch(event.object.id, (t) => ({ ...t, typingIndicators: data.typingIndicators as string }));
    cache.invalidate(`thread:${event.object.id}`);
  },
  "thread.assigned": assigneeChanged,
  "thread.unassigned": assigneeChanged,
  "contact.created": ({ cache }) => cache.invalidate("contacts"),
  "contact.statusChanged": contactChanged((c, d) => ({ ...c, statusId: (d.statusId as string | null) ?? null })),
  "contact.tagsChanged": contactChanged((c, d) => {
    const added = (d.added as string[] | undefined) ?? [];
    const removed = new Set((d.removed as string[] | undefined) ?? []);
    return { ...c, tagIds: [...new Set([...c.tagIds.filter((id) => !removed.has(id)), ...added])] };
  }),
  "contact.notesChanged": contactChanged((c, d) => ({ ...c, notes: (d.notes as string | null) ?? null })),
  "contact.valuationChanged": contactChanged((c, d) => ({ ...c, valuation: (d.valuation as number | null) ?? null })),
  "contact.assigneeChanged": contactChanged((c, d) => ({ ...c, assigneeId: (d.assigneeId as string | null) ?? null })),
  "tag.created": tagsChanged,
  "tag.updated": tagsChanged,
  "tag.deleted": tagsChanged,
  "status.created": statusesChanged,
  "status.updated": statusesChanged,
  "status.deleted": statusesChanged,
  "accountLink.statusChanged": ({ cache }) => cache.invalidate("accountLinks"),
  ...OUTREACH_EVENT_EFFECTS,
};

/** An event of a type this inbox does not know (a campaign's, say): whatever thread it names may have changed. */
export const UNKNOWN_EVENT_EFFECT: EventEffect = async ({ index, cache }, { threadId }) => {
  if (!threadId) return;
  cache.invalidate(`thread:${threadId}`, `messages:${threadId}`);
  await index.refresh(threadId);
};

function laterOf(held: string | null, at: string): string {
  return held !== null && Date.parse(held) >= Date.parse(at) ? held : at;
}
