import { z } from "zod";
import { capabilityName } from "./capability-names";
import { contact, profile } from "./contacts";
import { accountLink } from "./platforms";
import { member } from "./team";
import { defineQuery, queryBoolean, queryInt } from "./query";
import { FOLDERS, THREAD_ORDERS } from "./thread-list-rules";
import { MAX_EXPAND, openEnum, PAGE_LIMIT, platformName, serviceId, timestamp } from "./primitives";

export { FOLDERS, THREAD_ORDERS, inFolder, threadSearchText, type Folder } from "./thread-list-rules";

export const DIRECTIONS = ["inbound", "outbound"] as const;
export const direction = openEnum(DIRECTIONS);

export const TYPING_INDICATOR_SETTINGS = ["enabled", "disabled", "teamDefault"] as const;
export const typingIndicatorSetting = openEnum(TYPING_INDICATOR_SETTINGS);

/**
 * `acceptanceState` values are "not shown". Ours: `accepted`, or `pending` for a message
 * request the team has not answered. Replying accepts it. `isRequest` is true exactly while
 * the thread is `pending`, and such threads sit in the `requests` folder, not `inbox`.
 */
export const ACCEPTANCE_STATES = ["accepted", "pending"] as const;
export const acceptanceState = openEnum(ACCEPTANCE_STATES);

/**
 * `assigneeId` is the thread's own assignee or else its contact's. `assigneeSource` (our
 * addition) says which, so a client can show the two apart: `thread`, `contact`, or null
 * when nobody is assigned.
 */
export const ASSIGNEE_SOURCES = ["thread", "contact"] as const;

/** `lastMessage` (our fields beyond `direction`): enough to render a row without a read. */
export const lastMessage = z.looseObject({
  id: serviceId,
  direction,
  sentAt: timestamp,
  preview: z.string().nullable(),
});
export type LastMessage = z.infer<typeof lastMessage>;

/**
 * Thread expand values: the spec's `contact` and `profile`, and our `accountLink` and
 * `assignee`; hence the limit of 4.
 */
export const THREAD_EXPANDS = ["contact", "profile", "accountLink", "assignee"] as const;
export const threadExpand = z.enum(THREAD_EXPANDS);
export type ThreadExpand = (typeof THREAD_EXPANDS)[number];

/**
 * Thread. Our additions beyond the spec: `createdAt`, `campaignId` (the campaign that
 * started it, or null; GET /threads filters on it) and `assigneeSource`.
 * `contactId` is nullable for robustness, although the sandbox gives every thread's profile
 * a contact when the thread is created.
 */
export const thread = z.looseObject({
  id: serviceId,
  accountLinkId: serviceId,
  profileId: serviceId,
  contactId: serviceId.nullable(),
  platformId: z.string().nullable(),
  archived: z.boolean(),
  unread: z.boolean(),
  syncing: z.boolean(),
  activity: z.looseObject({ at: timestamp, preview: z.string().nullable() }),
  lastMessage: lastMessage.nullable(),
  assigneeId: serviceId.nullable(),
  assigneeSource: openEnum(ASSIGNEE_SOURCES).nullable(),
  acceptanceState,
  isRequest: z.boolean(),
  restrictions: z.array(capabilityName),
  typingIndicators: typingIndicatorSetting,
  campaignId: serviceId.nullable(),
  createdAt: timestamp,
  contact: contact.nullable().optional(),
  profile: profile.optional(),
  accountLink: accountLink.optional(),
  assignee: member.nullable().optional(),
});
export type Thread = z.infer<typeof thread>;

const expandList = z.array(threadExpand).max(MAX_EXPAND, `At most ${MAX_EXPAND} expand values`);

/**
 * GET /threads filters, combined with AND; repeatable ones match any of their values.
 * Our readings: folders are `inbox` (not archived, accepted), `noReply` (inbox threads whose
 * last message is inbound), `requests` (not archived, pending), `archived`, `all` — as
 * `inFolder` says, for clients that sort threads into folders themselves.
 * `tag` and `status` take IDs or names; a reference to nothing matches nothing (no error).
 * `assigneeId` and `unassigned` look at the effective assignee (the thread's, else its
 * contact's); `unassigned=false` selects threads with one. `q` searches, case-insensitively,
 * the person's display name, username and handle and the thread's latest preview.
 * Changing any filter invalidates a cursor; `limit` and `expand` may change between pages.
 */
export const threadListQuery = defineQuery({
  accountLinkId: z.array(serviceId).optional(),
  folder: z.enum(FOLDERS).optional(),
  tag: z.array(z.string().min(1)).optional(),
  status: z.array(z.string().min(1)).optional(),
  assigneeId: z.array(serviceId).optional(),
  unassigned: queryBoolean.optional(),
  campaignId: z.array(serviceId).optional(),
  contactId: serviceId.optional(),
  platform: platformName.optional(),
  q: z.string().trim().min(1).max(200).optional(),
  order: z.enum(THREAD_ORDERS).optional(),
  expand: expandList.optional(),
  limit: queryInt(PAGE_LIMIT.min, PAGE_LIMIT.max).optional(),
  cursor: z.string().min(1).optional(),
});
export type ThreadListQuery = z.input<typeof threadListQuery.schema>;

export const threadGetQuery = defineQuery({ expand: expandList.optional() });
export type ThreadGetQuery = z.input<typeof threadGetQuery.schema>;

/**
 * PATCH /threads/{threadId}. `assigneeId` sets the thread's own assignee only; an ID that
 * names no member of the team is 404 memberNotFound. Each field that changes records its
 * event (`thread.archived`/`unarchived`, `thread.unreadChanged`,
 * `thread.typingIndicatorsChanged`, `thread.assigned`/`unassigned`). Unknown fields are ignored,
 * as in every v2 body (lib/api/strict-body.ts).
 */
export const threadPatch = z.object({
  archived: z.boolean().optional(),
  unread: z.boolean().optional(),
  typingIndicators: z.enum(TYPING_INDICATOR_SETTINGS).optional(),
  assigneeId: serviceId.nullable().optional(),
});
export type ThreadPatch = z.infer<typeof threadPatch>;

/** DELETE /threads/{threadId}: `remoteAndLocal` when the platform deleted it too. */
export const THREAD_DELETE_SCOPES = ["remoteAndLocal", "local"] as const;
export const threadDeleteResult = z.looseObject({ scope: openEnum(THREAD_DELETE_SCOPES) });
export type ThreadDeleteResult = z.infer<typeof threadDeleteResult>;

/**
 * POST /threads/{threadId}/typing answers 202 `{ status, reason }`. Ours: `status` is `sent`
 * or `skipped`; `reason` is null when sent, else why (`typingIndicatorsDisabled` when the
 * thread's setting is `disabled`; the team default is enabled). Capability failures come
 * first, as for any capability.
 */
export const TYPING_STATUSES = ["sent", "skipped"] as const;
export const typingResult = z.looseObject({
  status: openEnum(TYPING_STATUSES),
  reason: z.string().nullable(),
});
export type TypingResult = z.infer<typeof typingResult>;
