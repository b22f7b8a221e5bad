import { z } from "zod";
import { direction, thread } from "./threads";
import { defineQuery } from "./query";
import { base64Bytes, DELETE_SCOPES } from "./message-rules";
import { openEnum, platformData, platformName, serviceId, timestamp } from "./primitives";

export { base64Bytes, DELETE_SCOPES, type DeleteScope } from "./message-rules";

/**
 * Attachments are tagged by `kind`. Media kinds (`image`, `video`, `audio`, `file`) carry a
 * `status` and an expiring `url`; a fresh URL comes from
 * GET /messages/{id}/attachments/{index}. Our media fields: `status` is `available`,
 * `processing` (not yet fetchable, `url` null), `expired` (ask for a fresh URL) or
 * `unavailable` (the platform no longer has it); `mimeType`, `name`, `size` (bytes), and
 * `width`/`height` for images and video, each null when unknown.
 * A `link` attachment is a URL with an optional title. Unknown kinds pass through unharmed.
 */
export const MEDIA_KINDS = ["image", "video", "audio", "file"] as const;
export const MEDIA_STATUSES = ["available", "processing", "expired", "unavailable"] as const;

export const mediaAttachment = z.looseObject({
  kind: z.enum(MEDIA_KINDS),
  status: openEnum(MEDIA_STATUSES),
  url: z.string().nullable(),
  expiresAt: timestamp.nullable(),
  mimeType: z.string().nullable(),
  name: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type MediaAttachment = z.infer<typeof mediaAttachment>;

export const linkAttachment = z.looseObject({
  kind: z.literal("link"),
  url: z.string(),
  title: z.string().nullable(),
});
export type LinkAttachment = z.infer<typeof linkAttachment>;

const KNOWN_ATTACHMENT_KINDS: readonly string[] = [...MEDIA_KINDS, "link"];
/** A kind this client does not know: kept as it came, so it can be shown as "unsupported". */
export const unknownAttachment = z.looseObject({
  kind: z.string().refine((kind) => !KNOWN_ATTACHMENT_KINDS.includes(kind), "Known attachment kind with invalid fields"),
});

export const attachment = z.union([mediaAttachment, linkAttachment, unknownAttachment]);
export type Attachment = z.infer<typeof attachment>;

export function isMediaAttachment(a: Attachment): a is MediaAttachment {
  return (MEDIA_KINDS as readonly string[]).includes(a.kind);
}

/**
 * `entities.postShares`: posts shared into the conversation. Ours: the post's platform and
 * platform ID, its URL, the author's username, a caption and a preview image, the last three
 * null when unknown. Other entity lists may be added, so `entities` keeps unknown keys.
 */
export const postShare = z.looseObject({
  platform: platformName,
  platformId: z.string(),
  url: z.string(),
  authorUsername: z.string().nullable(),
  caption: z.string().nullable(),
  previewUrl: z.string().nullable(),
});
export type PostShare = z.infer<typeof postShare>;
export const entities = z.looseObject({ postShares: z.array(postShare) });

/**
 * A reaction's `author` is an account link, a profile, or unknown (the platform did not
 * say who). Tagged by `type`; unknown types are accepted and treated as unknown authors.
 */
export const reactionAuthor = z.union([
  z.looseObject({ type: z.literal("accountLink"), accountLinkId: serviceId }),
  z.looseObject({ type: z.literal("profile"), profileId: serviceId }),
  z.looseObject({ type: z.string().refine((t) => t !== "accountLink" && t !== "profile") }),
]);
export type ReactionAuthor = z.infer<typeof reactionAuthor>;

export const reaction = z.looseObject({
  emoji: z.string().min(1),
  author: reactionAuthor,
  reactedAt: timestamp.nullable(),
});
export type Reaction = z.infer<typeof reaction>;

/**
 * `sentBy`: who sent an outbound message; null for inbound ones. Tagged by `type`:
 * `member` (with `memberId`), `agent` (an automation, with its `name`), `campaign` (with
 * `campaignId`), `api` (a call to this API), and our `external`: sent outside the service,
 * in the platform's own app. Unknown types pass through.
 */
export const SENDER_TYPES = ["member", "agent", "campaign", "api", "external"] as const;
export const sentBy = z.union([
  z.looseObject({ type: z.literal("member"), memberId: serviceId }),
  z.looseObject({ type: z.literal("agent"), name: z.string() }),
  z.looseObject({ type: z.literal("campaign"), campaignId: serviceId }),
  z.looseObject({ type: z.literal("api") }),
  z.looseObject({ type: z.literal("external") }),
  z.looseObject({ type: z.string().refine((t) => !(SENDER_TYPES as readonly string[]).includes(t)) }),
]);
export type SentBy = z.infer<typeof sentBy>;

/**
 * `delivery` (ours) of an outbound message: `sent` (the platform took it), `pending` (a send
 * answered 502 sendUnconfirmed that has not settled yet) or `failed` (it never left); null for
 * inbound messages. Only GET /messages/{messageId} shows `pending` and `failed` ones: a thread's
 * history holds the delivered. How and when a send settles, and the events that say so
 * (`message.sent` when delivered, `message.failed` when not), is the POST /messages comment
 * below. Optional here, so a service without it parses: absent reads as settled.
 */
export const DELIVERY_STATES = ["sent", "pending", "failed"] as const;
export const delivery = openEnum(DELIVERY_STATES);

/**
 * Message. Our additions: `threadId`, `platformId` (null until the platform confirms),
 * `sentAt`, `editedAt` (the latest edit, or null) and `delivery` (above). `content` is null
 * once the message is unsent (`deletedAt` set) and for media-only messages.
 */
/** GET /threads/{threadId}/messages pages newest first (our choice): the first page is the latest. */
export const message = z.looseObject({
  id: serviceId,
  threadId: serviceId,
  platformId: z.string().nullable(),
  content: z.string().nullable(),
  direction,
  accountLinkId: serviceId,
  sentBy: sentBy.nullable(),
  sentAt: timestamp,
  editedAt: timestamp.nullable(),
  deletedAt: timestamp.nullable(),
  attachments: z.array(attachment),
  entities,
  reactions: z.array(reaction),
  platformData,
  delivery: delivery.nullable().optional(),
});
export type Message = z.infer<typeof message>;

/** POST /messages `target`: one of three shapes selected by `type`. */
export const messageTarget = z.discriminatedUnion("type", [
  z.object({ type: z.literal("thread"), threadId: serviceId }),
  z.object({ type: z.literal("contact"), accountLinkId: serviceId, contactId: serviceId }),
  z.object({
    type: z.literal("profile"),
    accountLinkId: serviceId,
    platform: platformName,
    platformId: z.string().min(1),
  }),
]);
export type MessageTarget = z.infer<typeof messageTarget>;

/**
 * Content must have a visible character. Its maximum is per platform
 * (`limits.messageLength`); over it the service answers 422 messageTooLong. The absolute
 * ceiling here only stops absurd bodies before they travel.
 */
export const MESSAGE_CONTENT_CEILING = 100_000;
export const messageContent = z
  .string()
  .max(MESSAGE_CONTENT_CEILING)
  .refine((s) => s.trim().length > 0, "Message is empty");

/**
 * A file sent with a message (POST /messages `attachments`, our choice of body): its name,
 * its declared media type and its bytes in standard, padded base64. The ceilings here only
 * stop absurd bodies before they travel (400 invalidRequest); what a platform takes is its
 * `limits.attachments` (lib/api/platforms), checked by lib/api/attachment-rules as 422s.
 * Every platform's `maxCount × maxBytes` stays within `ATTACHMENTS_BYTES_CEILING`, so a body
 * a platform accepts always fits the inbox's request-size limit (`SEND_BODY_MAX_BYTES`).
 */
export const ATTACHMENTS_COUNT_CEILING = 10;
export const ATTACHMENTS_BYTES_CEILING = 20 * 1024 * 1024;
/** The largest POST /messages body: the attachments in base64 plus the content and the JSON around them. */
export const SEND_BODY_MAX_BYTES = Math.ceil(ATTACHMENTS_BYTES_CEILING / 3) * 4 + MESSAGE_CONTENT_CEILING * 4 + 64 * 1024;

export const outgoingAttachment = z.object({
  fileName: z.string().trim().min(1).max(255),
  mimeType: z
    .string()
    .max(255)
    .regex(/^[\w.+-]+\/[\w.+-]+$/, "A media type such as image/png"),
  data: z.base64().min(1),
});
export type OutgoingAttachment = z.infer<typeof outgoingAttachment>;

/**
 * POST /messages body. Other body fields are "not shown"; we take `attachments` (above) and
 * nothing else, and ignore unknown ones, as every v2 body does (lib/api/strict-body.ts has
 * the choice), nested ones included: a target's fields of another shape are dropped.
 *
 * Our choices for the send:
 * - `content` may be empty or absent when the message carries `attachments`; otherwise it
 *   must have a visible character. A media-only message has `content: null`.
 * - `attachments` need the capability `message:attach` (422 capabilityNotSupported with
 *   `details.capability` `message:attach`, or threadRestricted, as for `message:send`), and
 *   must keep to the platform's `limits.attachments`: 422 tooManyAttachments,
 *   attachmentTooLarge or attachmentTypeNotAllowed (lib/api/errors has their details). They
 *   come back as media attachments: `kind` from the type (`image/*` → image, `video/*`,
 *   `audio/*`, else file), `status` available, `name`, `mimeType`, `size`, and the width and
 *   height of a PNG, GIF or JPEG image, with an expiring `url` as any media has.
 * - A first send answers 201; a replay with the same `Idempotency-Key` and body answers the
 *   original result with 200 (a stored 502 sendUnconfirmed replays as that 502). The same key
 *   with another body (other attachments included) is 422 idempotencyKeyReused; while the
 *   first request with a key is still running, 409 idempotencyKeyInUse. Keys are remembered
 *   for 24 hours.
 * - A send to a `contact` or `profile` target goes into the existing thread with that profile
 *   on the account link, or starts one (capability `thread:create`). A `profile` target that
 *   is not yet a contact (needs the advanced-API add-on) becomes one.
 * - A `contact` target without a profile on the account link's platform is 400 invalidRequest.
 * - Replying to a message request (`acceptanceState: pending`) accepts it.
 * - Messages sent through the API have `sentBy: { type: "api" }`.
 * - After a 502 sendUnconfirmed the message exists with `delivery: "pending"` and settles
 *   shortly after: delivered (`delivery: "sent"`, `platformId` set, in the thread's history,
 *   event `message.sent`) or not (`delivery: "failed"`, event `message.failed`). GET
 *   /messages/{details.messageId} reads how it stands; the sandbox's rules, timing included,
 *   are in lib/sandbox/simulator/settle.ts. A client also takes 404 messageNotFound as "never
 *   left", for a service that forgets undelivered sends.
 */
export const sendMessage = z
  .object({
    target: messageTarget,
    content: z.string().max(MESSAGE_CONTENT_CEILING).optional(),
    attachments: z.array(outgoingAttachment).max(ATTACHMENTS_COUNT_CEILING).optional(),
  })
  .superRefine((body, ctx) => {
    const files = body.attachments ?? [];
    if (files.length === 0 && !(body.content ?? "").trim()) {
      ctx.addIssue({ code: "custom", path: ["content"], message: "Message is empty" });
    }
    const bytes = files.reduce((sum, file) => sum + base64Bytes(file.data), 0);
    if (bytes > ATTACHMENTS_BYTES_CEILING) {
      ctx.addIssue({ code: "custom", path: ["attachments"], message: `Attachments total more than ${ATTACHMENTS_BYTES_CEILING} bytes` });
    }
  });
export type SendMessage = z.infer<typeof sendMessage>;
export const sendMessageResult = z.looseObject({ message, thread });
export type SendMessageResult = z.infer<typeof sendMessageResult>;

/** PATCH /messages/{messageId}: the edit body is "not shown"; ours is the new content. */
export const messagePatch = z.object({ content: messageContent });
export type MessagePatch = z.infer<typeof messagePatch>;

/**
 * DELETE /messages/{messageId}?scope=self|all. `all` unsends on the platform; `self` hides
 * it for the team only. Both set `deletedAt`. The response is "not shown"; ours is the
 * message as it now stands, so a client can update its caches from it.
 */
export const messageDeleteQuery = defineQuery({ scope: z.enum(DELETE_SCOPES) });

/**
 * Reaction body ("not shown"): one emoji, added as the thread's account link. An account link
 * has at most one reaction per emoji per message, so adding it twice changes nothing.
 * DELETE takes it as `?emoji=` and removes the account link's reaction; removing one that is
 * not there changes nothing. Both answer the message's reactions.
 */
export const EMOJI_MAX_LENGTH = 32;
export const reactionCreate = z.object({ emoji: z.string().min(1).max(EMOJI_MAX_LENGTH) });
export type ReactionCreate = z.infer<typeof reactionCreate>;
export const reactionDeleteQuery = defineQuery({ emoji: z.string().min(1).max(EMOJI_MAX_LENGTH) });
/** Reaction endpoints answer with the message's `reactions`. */
export const reactionsResult = z.looseObject({ reactions: z.array(reaction) });
export type ReactionsResult = z.infer<typeof reactionsResult>;

/**
 * GET /messages/{messageId}/history. Ours: `versions` oldest first, the original included
 * and the current content last, each with the time it became current; `times` says whether
 * those times come from the platform (`platform`) or from when the service noticed the edit
 * (`observed`).
 */
export const EDIT_TIME_SOURCES = ["platform", "observed"] as const;
export const messageHistory = z.looseObject({
  messageId: serviceId,
  times: openEnum(EDIT_TIME_SOURCES),
  versions: z.array(z.looseObject({ content: z.string().nullable(), at: timestamp })),
});
export type MessageHistory = z.infer<typeof messageHistory>;

/**
 * GET /messages/{messageId}/attachments/{index}: a fresh URL and when it expires (one hour
 * later). An index past the end, a non-media attachment, or media the platform no longer has
 * (`unavailable`) is 404 attachmentNotFound.
 */
export const attachmentUrl = z.looseObject({ url: z.string(), expiresAt: timestamp });
export type AttachmentUrl = z.infer<typeof attachmentUrl>;

/**
 * A send body as a record of it keeps it (the inbox's activity log): each file's bytes
 * replaced by their count, so no log holds the files themselves. Other bodies pass unchanged.
 */
export function withoutFileBytes(body: unknown): unknown {
  if (typeof body !== "object" || body === null || !("attachments" in body) || !Array.isArray(body.attachments)) return body;
  const attachments = body.attachments.map((file: unknown) => {
    if (typeof file !== "object" || file === null || !("data" in file) || typeof file.data !== "string") return file;
    const { data, ...rest } = file;
    return { ...rest, size: base64Bytes(data) };
  });
  return { ...body, attachments };
}
