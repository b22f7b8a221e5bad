import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { ApiError } from "@/lib/api/errors";
import type { MessageTarget } from "@/lib/api/messages";
import {
  V1_PAGE_LIMIT,
  v1MessageCreate,
  v1MessageDeleteQuery,
  v1MessageListQuery,
  v1MessagePatch,
  v1QuickSend,
  v1ReactionBody,
  v1ReactionQuery,
} from "@/lib/api/v1/threads";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext, SandboxEnv } from "../context";
import {
  findProfile,
  findThreadBetween,
  requireAccountLink,
  requireMessage,
  requirePlatformRow,
  requireThread,
  type RecordEvent,
} from "../model/conversations";
import { editMessage, setReaction, unsendMessage, type MessageAt } from "../model/messages";
import { requirePlatforms } from "../resources/platform-access";
import { send } from "../resources/messages";
import { messages, threads, type teams } from "../schema";
import { failV1, readCursor, readV1Body, readV1Query, v1PathId } from "./http";
import { toV1Message, toV1Threads } from "./serialize";

type Team = typeof teams.$inferSelect;

/**
 * Messages in v1: text only, sent through v2's send (same checks, events and faults); edits,
 * unsends and reactions through the same model functions, under the thread's path.
 *
 * The outbound-messaging add-on (the team's `advancedApi`, one add-on under two names) is
 * needed for a first message to a person: a quick send where no thread exists yet, or a send
 * in a thread that has no message yet (made by POST /threads). Replies never need it.
 * Without it: 403 FORBIDDEN, `details.reason` `planRequired`.
 */
export function messageRoutesV1(ctx: SandboxContext) {
  const { db, clock } = ctx.store;

  /** A send in the caller's write; a 502 sendUnconfirmed is raised after the write commits. */
  async function sendV1(c: Context<SandboxEnv>, team: Team, content: string, target: (tx: Database) => Promise<MessageTarget>) {
    const outcome = await ctx.store.write(team.id, async (tx, record: RecordEvent) => send(ctx, c, tx, record, team, { target: await target(tx), content }));
    if (outcome.status === 502) throw new ApiError({ status: 502, ...outcome.error });
    const [message] = await db.select().from(messages).where(and(eq(messages.teamId, team.id), eq(messages.id, outcome.body.message.id)));
    const thread = await requireThread(db, team.id, outcome.body.thread.id);
    return { message: toV1Message(message!, thread.row.profileId), thread: (await toV1Threads(db, team.id, [thread]))[0]! };
  }

  /** A message under its thread's path, locked for a change. */
  async function mutate<T>(c: Context<SandboxEnv>, run: (tx: Database, record: RecordEvent, at: MessageAt) => Promise<T>) {
    const team = c.get("team");
    const threadId = v1PathId(c, "threadId", "THREAD_NOT_FOUND");
    const messageId = v1PathId(c, "messageId", "MESSAGE_NOT_FOUND");
    return ctx.store.write(team.id, async (tx, record) => {
      const { row: thread } = await requireThread(tx, team.id, threadId);
      requirePlatforms(team, [thread.platform]);
      const { message } = await requireMessage(tx, team.id, messageId, { lock: true, settledOnly: true });
      if (message.threadId !== thread.id) failV1("MESSAGE_NOT_FOUND", `No message ${messageId} in thread ${threadId}`);
      const link = await requireAccountLink(tx, team.id, thread.accountLinkId);
      const platform = await requirePlatformRow(tx, thread.platform);
      return { result: await run(tx, record, { message, thread, link, platform, now: clock.now() }), profileId: thread.profileId };
    });
  }

  async function react(c: Context<SandboxEnv>, emoji: string, present: boolean) {
    const messageId = v1PathId(c, "messageId", "MESSAGE_NOT_FOUND");
    await mutate(c, (tx, record, at) => setReaction(tx, record, at, emoji, present));
    return c.json({ success: true, messageId });
  }

  return new Hono<SandboxEnv>()
    .post("/threads/messages", async (c) => {
      const team = c.get("team");
      const body = await readV1Body(c, v1QuickSend);
      const result = await sendV1(c, team, body.content, async (tx) => {
        const link = await requireAccountLink(tx, team.id, body.accountLinkId);
        requirePlatforms(team, [link.platform]);
        const profile = await findProfile(tx, team.id, link.platform, body.externalPlatformId);
        const thread = profile && (await findThreadBetween(tx, team.id, link.id, profile.id));
        if (!thread?.row.lastMessageId) requireAddOn(team);
        return { type: "profile", accountLinkId: link.id, platform: link.platform, platformId: body.externalPlatformId };
      });
      return c.json(result, 201);
    })
    .post("/threads/:threadId/messages", async (c) => {
      const team = c.get("team");
      const threadId = v1PathId(c, "threadId", "THREAD_NOT_FOUND");
      const body = await readV1Body(c, v1MessageCreate);
      const { message } = await sendV1(c, team, body.content, async (tx) => {
        const { row } = await requireThread(tx, team.id, threadId);
        requirePlatforms(team, [row.platform]);
        if (!row.lastMessageId) requireAddOn(team);
        return { type: "thread", threadId };
      });
      return c.json(message, 201);
    })
    .get("/threads/:threadId/messages", async (c) => {
      const team = c.get("team");
      const threadId = v1PathId(c, "threadId", "THREAD_NOT_FOUND");
      const query = readV1Query(c, v1MessageListQuery);
      const cursor = readCursor(query);
      const limit = query.limit ?? V1_PAGE_LIMIT.default;
      const { row: thread } = await requireThread(db, team.id, threadId);
      requirePlatforms(team, [thread.platform]);
      const rows = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.teamId, team.id),
            eq(messages.threadId, threadId),
            isNull(messages.unsettled),
            cursor ? sql`(${messages.sentAt}, ${messages.id}) < (${cursor.timestamp}::timestamptz, ${cursor.id})` : undefined,
          ),
        )
        .orderBy(desc(messages.sentAt), desc(messages.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return c.json({
        messages: page.map((m) => toV1Message(m, thread.profileId)),
        nextCursor: rows.length > limit && last ? { id: last.id, timestamp: last.sentAt.toISOString() } : null,
      });
    })
    .patch("/threads/:threadId/messages/:messageId", async (c) => {
      const body = await readV1Body(c, v1MessagePatch);
      const { result, profileId } = await mutate(c, (tx, record, at) => editMessage(tx, record, at, body.content));
      return c.json(toV1Message(result, profileId));
    })
    .delete("/threads/:threadId/messages/:messageId", async (c) => {
      const { deleteForAll } = readV1Query(c, v1MessageDeleteQuery);
      const { result } = await mutate(c, (tx, record, at) => unsendMessage(tx, record, at, deleteForAll ? "all" : "self"));
      return c.json({ success: true, messageId: result.id });
    })
    .get("/threads/:threadId/messages/:messageId/history", async (c) => {
      const team = c.get("team");
      const threadId = v1PathId(c, "threadId", "THREAD_NOT_FOUND");
      const messageId = v1PathId(c, "messageId", "MESSAGE_NOT_FOUND");
      const [thread] = await db.select().from(threads).where(and(eq(threads.teamId, team.id), eq(threads.id, threadId)));
      if (!thread) failV1("THREAD_NOT_FOUND", `No thread ${threadId}`);
      requirePlatforms(team, [thread.platform]);
      const { message } = await requireMessage(db, team.id, messageId, { settledOnly: true });
      if (message.threadId !== thread.id) failV1("MESSAGE_NOT_FOUND", `No message ${messageId} in thread ${threadId}`);
      return c.json({ messageId: message.id, versions: message.versions });
    })
    .post("/threads/:threadId/messages/:messageId/reactions/reactions", async (c) => react(c, (await readV1Body(c, v1ReactionBody)).emoji, true))
    .delete("/threads/:threadId/messages/:messageId/reactions/reactions", async (c) => {
      const { emoji } = readV1Query(c, v1ReactionQuery);
      return react(c, emoji ?? (await readV1Body(c, v1ReactionBody)).emoji, false);
    });
}

function requireAddOn(team: Team): void {
  if (!team.addOns.includes("advancedApi")) {
    failV1("FORBIDDEN", "A first message to a new contact needs the outbound-messaging add-on", { reason: "planRequired", addOn: "advancedApi" });
  }
}
