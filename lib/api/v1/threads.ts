import { z } from "zod";
import { platformName, serviceId, timestamp } from "../primitives";
import { v1Array, v1Boolean, v1Int, v1Scalar } from "./query";

/**
 * Version 1 threads and messages. The spec shows only the names its rules use (`done`,
 * `assigneeId`, `authorId`, `content`, `lastMessage`, `isSyncing`); the rest is ours, named
 * after the v1 prospect's style, and the same data as v2's thread and message.
 *
 * - No `direction`: `authorId` is the account link's ID for what the team sent and the
 *   prospect's ID (the v2 profile ID) for what the person sent.
 * - Text only: a message's `content` is its text, null once unsent or when it only carries
 *   media (media is v2's).
 */
export const v1LastMessage = z.looseObject({
  id: serviceId,
  authorId: serviceId,
  content: z.string().nullable(),
  timestamp,
});

/**
 * Thread. `done` is v2's `archived`; `prospectId` its profile; `lastMessageTimestamp` its
 * latest activity (the sort key of GET /threads); `settings.typingIndicatorsEnabled` is v2's
 * `typingIndicators` with the team default (on) resolved.
 */
export const v1Thread = z.looseObject({
  id: serviceId,
  accountLinkId: serviceId,
  prospectId: serviceId,
  platform: platformName,
  platformId: z.string().nullable(),
  done: z.boolean(),
  unread: z.boolean(),
  isSyncing: z.boolean(),
  isRequest: z.boolean(),
  assigneeId: serviceId.nullable(),
  campaignId: serviceId.nullable(),
  lastMessage: v1LastMessage.nullable(),
  lastMessageTimestamp: timestamp,
  settings: z.looseObject({ typingIndicatorsEnabled: z.boolean() }),
  createdAt: timestamp,
});
export type V1Thread = z.infer<typeof v1Thread>;

/** A position in a list: the last item's ID and its sort timestamp. */
export const v1Cursor = z.looseObject({ id: serviceId, timestamp });
export type V1Cursor = z.infer<typeof v1Cursor>;

export const v1ThreadPage = z.looseObject({ threads: z.array(v1Thread), nextCursor: v1Cursor.nullable() });
export const v1ThreadArray = z.array(v1Thread);

/** A reaction: `authorId` as for messages, null when the platform did not say who. */
export const v1Reaction = z.looseObject({ emoji: z.string().min(1), authorId: serviceId.nullable() });

export const v1Message = z.looseObject({
  id: serviceId,
  threadId: serviceId,
  authorId: serviceId,
  content: z.string().nullable(),
  timestamp,
  editedAt: timestamp.nullable(),
  deletedAt: timestamp.nullable(),
  reactions: z.array(v1Reaction),
});
export type V1Message = z.infer<typeof v1Message>;
export const v1MessagePage = z.looseObject({ messages: z.array(v1Message), nextCursor: v1Cursor.nullable() });

export const V1_INBOXES = ["default", "no-reply", "requests", "archived"] as const;
export const V1_PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

/**
 * The cursor, as `cursorId` + `cursorTimestamp` or the deprecated `cursor[id]` +
 * `cursor[timestamp]`. Both halves or neither, and not both forms: otherwise INVALID_CURSOR.
 * A v1 cursor is a position (latest activity, then ID), not a token bound to its query: it
 * stays valid whatever the filters, and a thread that moved since is simply placed anew.
 */
const cursorKeys = {
  cursorId: v1Scalar(z.string()).optional(),
  cursorTimestamp: v1Scalar(z.string()).optional(),
  cursor: z.strictObject({ id: v1Scalar(z.string()).optional(), timestamp: v1Scalar(z.string()).optional() }).optional(),
};

const selectedIds = v1Array(serviceId).optional();

/**
 * GET /threads. Groups combine with AND. Within a group, `selectedIds` and its `no…` flag
 * combine with OR (tagged with one of these, or untagged), as one picker offers both.
 * Tags and statuses are the prospect's (the v2 contact's); assignees are the thread's
 * effective assignee; `no-reply` is v2's `noReply` folder (the person sent the last message).
 */
export const v1ThreadListQuery = z.strictObject({
  inbox: v1Scalar(z.enum(V1_INBOXES)).optional(),
  limit: v1Int(V1_PAGE_LIMIT.min, V1_PAGE_LIMIT.max).optional(),
  accountLinkIds: v1Array(serviceId).optional(),
  filters: z
    .strictObject({
      tags: z.strictObject({ selectedIds, noTags: v1Boolean.optional() }).optional(),
      statuses: z.strictObject({ selectedIds, noStatus: v1Boolean.optional() }).optional(),
      assignees: z.strictObject({ selectedIds, noAssignee: v1Boolean.optional() }).optional(),
      campaigns: z.strictObject({ selectedIds, noCampaign: v1Boolean.optional() }).optional(),
      sortOrder: v1Scalar(z.enum(["desc", "asc"])).optional(),
    })
    .optional(),
  ...cursorKeys,
});
export type V1ThreadListQuery = z.output<typeof v1ThreadListQuery>;

/** GET /threads/{id}/messages: newest first, as the v1 list of threads. */
export const v1MessageListQuery = z.strictObject({
  limit: v1Int(V1_PAGE_LIMIT.min, V1_PAGE_LIMIT.max).optional(),
  ...cursorKeys,
});

/** `externalPlatformId` is the person's platform ID on the account link's platform. */
export const v1ThreadCreate = z.strictObject({ externalPlatformId: z.string().trim().min(1).max(200), accountLinkId: serviceId });
export const v1ThreadLookupQuery = z.strictObject({
  externalPlatformId: v1Scalar(z.string().trim().min(1).max(200)),
  accountLinkId: v1Scalar(serviceId),
});
/** GET /threads/lookup-by-username: every thread with the person, newest first (at most 100). */
export const v1UsernameLookupQuery = z.strictObject({ username: v1Scalar(z.string().trim().min(1).max(200)) });

/** PATCH /threads/{id}: `done` moves the thread to and from `archived`; `assigneeId` null unassigns. */
export const v1ThreadPatch = z.strictObject({ done: z.boolean().optional(), assigneeId: serviceId.nullable().optional() });
export const v1ThreadSettings = z.strictObject({ typingIndicatorsEnabled: z.boolean() });
export const v1ThreadSettingsResult = z.looseObject({ typingIndicatorsEnabled: z.boolean() });

const content = z.string().min(1, "Messages have text").max(100_000);
export const v1MessageCreate = z.strictObject({ content });
/** Quick send: answers 201 `{ thread, message }` (ours), the thread made if it was new. */
export const v1QuickSend = z.strictObject({ externalPlatformId: z.string().trim().min(1).max(200), accountLinkId: serviceId, content });
export const v1QuickSendResult = z.looseObject({ thread: v1Thread, message: v1Message });
export const v1MessagePatch = z.strictObject({ content });

/**
 * DELETE /threads/{id}/messages/{id}: `deleteForAll` (query, default false) unsends for
 * everyone, else for the team only (v2's `scope` `all` or `self`). Answers `{ success, messageId }`.
 */
export const v1MessageDeleteQuery = z.strictObject({ deleteForAll: v1Boolean.optional() });

/** Reactions: body `{ emoji }` for POST and DELETE (DELETE also takes `?emoji=`). */
export const v1ReactionBody = z.strictObject({ emoji: z.string().min(1).max(32) });
export const v1ReactionQuery = z.strictObject({ emoji: v1Scalar(z.string().min(1).max(32)).optional() });
export const v1SuccessResult = z.looseObject({ success: z.literal(true), messageId: serviceId.optional() });

/** Edit history: every version, oldest first, the current one last. */
export const v1MessageHistory = z.looseObject({
  messageId: serviceId,
  versions: z.array(z.looseObject({ content: z.string().nullable(), at: timestamp })),
});
