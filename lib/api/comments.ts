import { z } from "zod";
import { serviceId, timestamp } from "./primitives";
import { thread } from "./threads";

/**
 * Internal comments: members write notes on a conversation, shown in its timeline beside the
 * messages and never sent to the contact (the API knows nothing of them; the inbox keeps them).
 * A comment may mention teammates; a mention is kept per mentioned user, who sees it in their
 * Mentions view and hears of it live (in the app always, in the browser by their preference).
 *
 * Endpoints (rows in lib/api/inbox-endpoints):
 * - GET    /api/inbox/comments?threadId=…          → `{ data: Comment[] }`, oldest first
 * - POST   /api/inbox/comments                     `NewComment` → 201 Comment
 * - PATCH  /api/inbox/comments/:commentId          `CommentPatch` → Comment (author only)
 * - DELETE /api/inbox/comments/:commentId          → 204 (author, or an admin)
 * - GET    /api/inbox/mentions                     → `MentionList`: the viewer's, newest first, with the unread count
 * - POST   /api/inbox/mentions/read                `MentionsRead` → `{ unread }`
 *
 * Choices made here:
 * - Mentions travel as structured inbox user IDs beside the text (`mentions`), never parsed from
 *   the text: a display name may change, repeat or hold an `@`. The text keeps `@Name` for people.
 * - Visibility: a member who may not see a thread can neither read nor write its comments (404
 *   threadNotFound, as everywhere). Mentioning a teammate who may not see the thread is REFUSED,
 *   422 `mentionNotVisible` with `details.userIds`, rather than silently not notifying them: the
 *   writer learns at once that the person will not read it, and nothing about the thread reaches
 *   them. Should the thread later be hidden from them (reassigned), their Mentions view leaves it
 *   out, as the Snoozed view does.
 * - Editing is the author's alone. Deleting is the author's, and an admin's too (moderation:
 *   removing something that should not be there); managers cannot. Others get 403 forbidden.
 *   A deleted comment leaves the timeline, and its mentions leave the Mentions views.
 * - An edit that adds a mention notifies the newly mentioned; one that drops a mention removes it.
 *   Mentioning oneself is allowed in the text and notifies nobody.
 * - The inbox serves one team, so comments carry no team column: the database is the team's.
 */
export const COMMENT_LIMITS = { body: 5_000, mentions: 20 } as const;

/** Inbox user IDs (better-auth's), not API member IDs: a user who is not linked to a member can still be mentioned. */
const userId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Expected an inbox user ID.");

const body = z
  .string()
  .max(COMMENT_LIMITS.body, `A comment has at most ${COMMENT_LIMITS.body.toLocaleString("en")} characters.`)
  .refine((text) => text.trim().length > 0, "A comment needs some text.");

const mentions = z
  .array(userId)
  .max(COMMENT_LIMITS.mentions, `A comment may mention at most ${COMMENT_LIMITS.mentions} people.`)
  // The same person twice is one mention.
  .transform((ids) => [...new Set(ids)]);

export const mentionedUser = z.object({ userId: z.string(), name: z.string() });
export type MentionedUser = z.infer<typeof mentionedUser>;

export const comment = z.object({
  id: z.string(),
  threadId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  body: z.string(),
  mentions: z.array(mentionedUser),
  createdAt: timestamp,
  /** When its author last changed it; null when never. */
  editedAt: timestamp.nullable(),
});
export type Comment = z.infer<typeof comment>;

export const commentList = z.object({ data: z.array(comment) });
export type CommentList = z.infer<typeof commentList>;

export const commentQuery = z.strictObject({ threadId: serviceId });

export const newComment = z.strictObject({ threadId: serviceId, body, mentions: mentions.default([]) });
export type NewComment = z.input<typeof newComment>;

/** The whole new text and its mentions: what it mentions afterwards is what `mentions` says. */
export const commentPatch = z.strictObject({ body, mentions: mentions.default([]) });
export type CommentPatch = z.input<typeof commentPatch>;

/** One mention of the viewer: who wrote it, where, the start of what they wrote, and whether it was seen. */
export const mention = z.object({
  commentId: z.string(),
  threadId: z.string(),
  byId: z.string(),
  byName: z.string(),
  /** The start of the comment's text. */
  snippet: z.string(),
  createdAt: timestamp,
  readAt: timestamp.nullable(),
  /** The thread as the inbox holds it (its contact and profile), for its name; null when no longer held. */
  thread: thread.nullable(),
});
export type Mention = z.infer<typeof mention>;

export const mentionList = z.object({ data: z.array(mention), unread: z.number().int().min(0) });
export type MentionList = z.infer<typeof mentionList>;

/** Marks the viewer's mentions in these comments read, or all of them. */
export const mentionsRead = z.union([
  z.strictObject({ commentIds: z.array(z.string().min(1).max(64)).min(1).max(200) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MentionsRead = z.infer<typeof mentionsRead>;

export const mentionsReadAnswer = z.object({ unread: z.number().int().min(0) });

export const SNIPPET_LENGTH = 140;

/** What a mention shows of its comment: the text on one line, cut at a word where it can be. */
export function snippetOf(text: string, length = SNIPPET_LENGTH): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
