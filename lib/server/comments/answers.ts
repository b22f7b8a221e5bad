import "server-only";
import type { Comment, MentionList, MentionsRead } from "@/lib/api/comments";
import { atLeast } from "@/lib/api/roles";
import { canSee } from "../access/visibility";
import { noteActivity } from "../activity/note";
import { shape } from "../gateway/thread-query";
import { apiError } from "../http/route";
import type { SessionViewer } from "../http/session";
import type { Runtime } from "../runtime/runtime";

/**
 * What the comment endpoints answer. Their rows in lib/api/inbox-endpoints have checked the
 * role and, where the request names its thread, that the viewer sees it; a request naming a
 * comment is checked here against its thread the same way (a hidden one answers like a missing
 * one), and so is every person a comment mentions (lib/api/comments: refused when they may not see it).
 */
const NO_STORE = { "cache-control": "no-store" };

export async function createCommentAnswer(runtime: Runtime, viewer: SessionViewer, body: { threadId: string; body: string; mentions: string[] }): Promise<Response> {
  await checkMentions(runtime, body.threadId, body.mentions);
  const made = await runtime.comments.create(author(viewer), body.threadId, body.body, body.mentions);
  await noteComment(runtime, viewer, "comments.create", made, made.mentions.filter((m) => m.userId !== viewer.userId).map((m) => m.name));
  return Response.json(made, { status: 201, headers: NO_STORE });
}

export async function updateCommentAnswer(runtime: Runtime, viewer: SessionViewer, commentId: string, body: { body: string; mentions: string[] }): Promise<Response> {
  const current = await visibleComment(runtime, viewer, commentId);
  if (current.authorId !== viewer.userId) throw apiError("forbidden", "Only its author can edit a comment.");
  await checkMentions(runtime, current.threadId, body.mentions);
  const before = new Set(current.mentions.map((m) => m.userId));
  const updated = await runtime.comments.update(commentId, body.body, body.mentions);
  const added = updated.mentions.filter((m) => !before.has(m.userId) && m.userId !== viewer.userId).map((m) => m.name);
  await noteComment(runtime, viewer, "comments.update", updated, added);
  return Response.json(updated, { headers: NO_STORE });
}

export async function deleteCommentAnswer(runtime: Runtime, viewer: SessionViewer, commentId: string): Promise<Response> {
  const current = await visibleComment(runtime, viewer, commentId);
  // Admins may remove anyone's comment (moderation); nobody else but its author.
  if (current.authorId !== viewer.userId && !atLeast(viewer.role, "admin")) throw apiError("forbidden", "Only its author or an admin can delete a comment.");
  await runtime.comments.remove(commentId);
  await noteActivity(runtime, viewer, "comments.delete", current.threadId, { commentId, authorName: current.authorName });
  return new Response(null, { status: 204, headers: NO_STORE });
}

/** The viewer's mentions on threads they may see now, newest first, each with its thread, and how many are unread. */
export async function mentionsAnswer(runtime: Runtime, viewer: SessionViewer): Promise<Response> {
  const index = runtime.gateway.index;
  const [stored] = await Promise.all([runtime.comments.mentionsOf(viewer.userId), index.ready()]);
  const data: MentionList["data"] = [];
  for (const entry of stored) {
    const thread = index.get(entry.threadId);
    // A thread the index no longer holds was deleted; one reassigned away is no longer theirs to read.
    if (!thread || !canSee(thread, viewer)) continue;
    data.push({ ...entry, thread: shape(thread, ["contact", "profile"]) });
  }
  return Response.json({ data, unread: data.filter((m) => m.readAt === null).length } satisfies MentionList, { headers: NO_STORE });
}

export async function markMentionsReadAnswer(runtime: Runtime, viewer: SessionViewer, body: MentionsRead): Promise<Response> {
  await runtime.comments.markRead(viewer.userId, "all" in body ? "all" : body.commentIds);
  const list = (await (await mentionsAnswer(runtime, viewer)).json()) as MentionList;
  return Response.json({ unread: list.unread }, { headers: NO_STORE });
}

/** A comment still standing on a thread the viewer may see, else 404 commentNotFound. */
async function visibleComment(runtime: Runtime, viewer: SessionViewer, commentId: string): Promise<Comment> {
  const found = await runtime.comments.get(commentId);
  const thread = found ? await runtime.gateway.thread(found.threadId).catch(() => null) : null;
  if (!found || !thread || !canSee(thread, viewer)) throw apiError("commentNotFound", `No comment ${commentId}.`);
  return found;
}

/** Every mentioned ID is a user who may see the thread (lib/api/comments: refused, never silently dropped). */
async function checkMentions(runtime: Runtime, threadId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const users = await runtime.users.list();
  const unknown = userIds.filter((id) => !users.some((u) => u.id === id));
  if (unknown.length > 0) throw apiError("invalidRequest", `No teammate ${unknown.join(", ")} to mention.`);
  const [thread, { memberVisibility }] = await Promise.all([runtime.gateway.thread(threadId), runtime.settings.get()]);
  const hidden = users.filter((u) => userIds.includes(u.id) && !canSee(thread, { role: u.role, memberId: u.memberId ?? "", visibility: memberVisibility }));
  if (hidden.length > 0) {
    throw apiError("mentionNotVisible", `${hidden.map((u) => u.name).join(", ")} can't see this conversation.`, { userIds: hidden.map((u) => u.id) });
  }
}

function author(viewer: SessionViewer) {
  return { userId: viewer.userId, name: viewer.name };
}

/** "Sam commented", and "Olivia mentioned Sam" beside it when the comment names someone new. */
async function noteComment(runtime: Runtime, viewer: SessionViewer, action: "comments.create" | "comments.update", made: Comment, mentioned: string[]): Promise<void> {
  await noteActivity(runtime, viewer, action, made.threadId, { commentId: made.id });
  if (mentioned.length > 0) await noteActivity(runtime, viewer, "comments.mention", made.threadId, { commentId: made.id, names: mentioned });
}
