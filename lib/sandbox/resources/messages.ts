import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { ApiError } from "@/lib/api/errors";
import {
  MEDIA_KINDS as API_MEDIA_KINDS,
  messageDeleteQuery,
  messagePatch,
  reactionCreate,
  reactionDeleteQuery,
  sendMessage,
  type AttachmentUrl,
  type MessageHistory,
  type MessageTarget,
  type SendMessage,
  type SendMessageResult,
} from "@/lib/api/messages";
import type { Database } from "@/lib/db/connection";
import type { SandboxContext, SandboxEnv } from "../context";
import {
  appendMessage,
  assertCapability,
  assertLength,
  capabilityContext,
  contactAssigneeOf,
  createProfile,
  ensureContact,
  findProfile,
  findThreadBetween,
  requireAccountLink,
  requireMessage,
  requirePlatformRow,
  requireThread,
  startThread,
  type AccountLinkRow,
  type LoadedThread,
  type PlatformRow,
  type ProfileRow,
  type RecordEvent,
  type ThreadRow,
} from "../model/conversations";
import { fail, pathId, readBody, readQuery } from "../http";
import { editMessage, setReaction, unsendMessage, type MessageAt } from "../model/messages";
import { contacts, idempotencyKeys, messages, profiles, type teams } from "../schema";
import { toMessage, toThread } from "../model/serialize";
import { SETTLE_AFTER_DEFAULT_MS } from "../simulator/settle";
import { requirePlatforms } from "./platform-access";
import { newId } from "../model/ids";
import { acceptUploads, storeUploads } from "../model/uploads";

type Team = typeof teams.$inferSelect;

/** What a first request with an `Idempotency-Key` answered, kept to replay it. */
type StoredAnswer =
  | { status: 201; body: SendMessageResult }
  | { status: 502; error: { code: string; message: string; details: Record<string, unknown> | null } };

/**
 * Messages: sends (three targets, idempotency keys, injected send faults), edits, unsends,
 * reactions, edit history and fresh media URLs. Every mutation asks lib/api's capability
 * rule first and answers its error when it denies.
 */
export function messageRoutes(ctx: SandboxContext) {
  const { db, clock } = ctx.store;

  /** A mutation of one message: its row locked, its thread, account link and platform at hand. */
  async function mutate<T>(
    c: Context<SandboxEnv>,
    run: (tx: Database, record: RecordEvent, at: MessageAt) => Promise<T>,
  ): Promise<T> {
    const team = c.get("team");
    const id = pathId(c, "messageId", "messageNotFound");
    return ctx.store.write(team.id, async (tx, record) => {
      const { message, thread } = await requireMessage(tx, team.id, id, { lock: true });
      requirePlatforms(team, [thread.platform]);
      const link = await requireAccountLink(tx, team.id, thread.accountLinkId);
      const platform = await requirePlatformRow(tx, thread.platform);
      return run(tx, record, { message, thread, link, platform, now: clock.now() });
    });
  }

  async function readable(c: Context<SandboxEnv>) {
    const team = c.get("team");
    const id = pathId(c, "messageId", "messageNotFound");
    const found = await requireMessage(db, team.id, id);
    requirePlatforms(team, [found.thread.platform]);
    return found;
  }

  async function react(c: Context<SandboxEnv>, emoji: string, present: boolean) {
    const reactions = await mutate(c, (tx, record, at) => setReaction(tx, record, at, emoji, present));
    return c.json({ reactions });
  }

  return new Hono<SandboxEnv>()
    .post("/messages", async (c) => {
      const team = c.get("team");
      const key = idempotencyKeyOf(c);
      const body = await readBody(c, sendMessage);
      // No files is the same send as an empty list of them; files themselves are part of the body the key covers.
      const hashed = body.attachments?.length ? body : { ...body, attachments: undefined };
      const bodyHash = createHash("sha256").update(canonicalJson(hashed)).digest("hex");

      if (key !== null) {
        const claim = await claimKey(ctx, team.id, key, bodyHash);
        if (claim) return answer(c, claim, true);
      }
      let result: StoredAnswer;
      try {
        result = await ctx.store.write(team.id, async (tx, record) => {
          const outcome = await send(ctx, c, tx, record, team, body);
          if (key !== null) {
            await tx
              .update(idempotencyKeys)
              .set({ state: "done", status: outcome.status, response: outcome })
              .where(and(eq(idempotencyKeys.teamId, team.id), eq(idempotencyKeys.key, key)));
          }
          return outcome;
        });
      } catch (error) {
        // Nothing was sent: the key is released, so a corrected retry may use it.
        if (key !== null) {
          await ctx.store.write(team.id, (tx) =>
            tx
              .delete(idempotencyKeys)
              .where(and(eq(idempotencyKeys.teamId, team.id), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, "pending"))),
          );
        }
        throw error;
      }
      return answer(c, result, false);
    })
    .get("/messages/:messageId", async (c) => {
      const found = await readable(c);
      // An unconfirmed send that is due settles before it is read, timer or not.
      if (found.message.unsettled === "pending") await ctx.settler.settleIfDue(c.get("team").id, found.message.id);
      const { message } = found.message.unsettled === "pending" ? await readable(c) : found;
      return c.json(toMessage(message, clock.now(), ctx.mediaSigner(c)));
    })
    .patch("/messages/:messageId", async (c) => {
      const body = await readBody(c, messagePatch);
      const updated = await mutate(c, (tx, record, at) => editMessage(tx, record, at, body.content));
      return c.json(toMessage(updated, clock.now(), ctx.mediaSigner(c)));
    })
    .delete("/messages/:messageId", async (c) => {
      const { scope } = readQuery(c, messageDeleteQuery);
      const updated = await mutate(c, (tx, record, at) => unsendMessage(tx, record, at, scope));
      return c.json(toMessage(updated, clock.now(), ctx.mediaSigner(c)));
    })
    .get("/messages/:messageId/history", async (c) => {
      const { message, thread } = await readable(c);
      const platform = await requirePlatformRow(db, thread.platform);
      const history: MessageHistory = { messageId: message.id, times: platform.editTimes, versions: message.versions };
      return c.json(history);
    })
    .post("/messages/:messageId/reactions", async (c) => {
      const { emoji } = await readBody(c, reactionCreate);
      return react(c, emoji, true);
    })
    .delete("/messages/:messageId/reactions", async (c) => {
      const { emoji } = readQuery(c, reactionDeleteQuery);
      return react(c, emoji, false);
    })
    .get("/messages/:messageId/attachments/:index", async (c) => {
      const team = c.get("team");
      const id = pathId(c, "messageId", "messageNotFound");
      const rawIndex = c.req.param("index");
      if (!/^\d{1,6}$/.test(rawIndex)) fail("invalidRequest", `The attachment index is a non-negative integer, not "${rawIndex}"`);
      const index = Number(rawIndex);
      const expiresAt = new Date(clock.now().getTime() + ctx.config.mediaUrlTtlMs);
      const mediaKey = await ctx.store.write(team.id, async (tx) => {
        const { message, thread } = await requireMessage(tx, team.id, id, { lock: true });
        requirePlatforms(team, [thread.platform]);
        const stored = message.deletedAt ? undefined : message.attachments[index];
        if (!stored || typeof stored.mediaKey !== "string" || !MEDIA_KINDS.has(String(stored.kind)) || stored.status === "unavailable" || stored.status === "processing") {
          fail("attachmentNotFound", `Message ${id} has no media attachment at ${index} that can be fetched`);
        }
        // Stored, so the message itself shows the attachment `available` with this URL from now on.
        const attachments = message.attachments.map((a, i) => (i === index ? { ...a, expiresAt: expiresAt.toISOString() } : a));
        await tx.update(messages).set({ attachments }).where(eq(messages.id, message.id));
        return stored.mediaKey;
      });
      const result: AttachmentUrl = { url: ctx.mediaSigner(c)(mediaKey, expiresAt), expiresAt: expiresAt.toISOString() };
      return c.json(result);
    });
}

const MEDIA_KINDS: ReadonlySet<string> = new Set(API_MEDIA_KINDS);

/**
 * One send, inside the caller's transaction: target resolved and every rule checked before
 * anything is written, then the injected fault (if any) decides what the platform did. An
 * unconfirmed send starts its thread like any other, but its message stays pending until it
 * settles (simulator/settle.ts), and its `message.sent` waits for that.
 */
export async function send(
  ctx: SandboxContext,
  c: Context<SandboxEnv>,
  tx: Database,
  record: RecordEvent,
  team: Team,
  body: SendMessage,
): Promise<StoredAnswer> {
  const now = ctx.store.clock.now();
  const target = await resolveTarget(tx, team, body.target);
  const { link, platform } = target;
  if (target.thread) assertCapability("message:send", capabilityContext(link, platform, target.thread.row));
  else assertCapability("thread:create", capabilityContext(link, platform));
  const files = body.attachments ?? [];
  if (files.length > 0) assertCapability("message:attach", capabilityContext(link, platform, target.thread?.row));
  const uploads = acceptUploads(platform, files);
  // Words are optional beside files (lib/api/messages): blank ones are no words at all.
  const content = body.content?.trim() ? body.content : null;
  if (content !== null) assertLength(platform, content);

  const fault = ctx.faults.takeForSend({ teamId: team.id, token: c.get("token"), method: c.req.method, path: new URL(c.req.url).pathname });

  let thread: ThreadRow;
  if (target.thread) {
    thread = target.thread.row;
  } else {
    let profile = target.profile ?? (await createProfile(tx, team.id, link.platform, target.platformId));
    ({ profile } = await ensureContact(tx, record, profile, now));
    thread = await startThread(tx, record, { link, profile, acceptanceState: "accepted", now });
  }
  // A profile target reaching a person who is not a contact yet makes them one.
  if (target.thread && target.profile && body.target.type === "profile") await ensureContact(tx, record, target.profile, now);

  const settleAt = fault ? new Date(now.getTime() + (fault.settleAfterMs ?? SETTLE_AFTER_DEFAULT_MS)) : null;
  const messageId = newId("message");
  const attachments = await storeUploads(tx, { teamId: team.id, messageId, files: uploads, now, ttlMs: ctx.config.mediaUrlTtlMs });
  const appended = await appendMessage(tx, thread, platform, {
    id: messageId,
    direction: "outbound",
    content,
    attachments,
    sentBy: { type: "api" },
    confirmed: fault && settleAt ? { settleAt, delivered: fault.delivered } : true,
    now,
    // Replying to a message request accepts it.
    threadChanges: thread.acceptanceState === "pending" ? { acceptanceState: "accepted" } : undefined,
  });
  if (settleAt) {
    // Armed now: should this transaction roll back, the timer finds nothing due and stops.
    ctx.settler.schedule(settleAt);
    return unconfirmed(appended.message.id);
  }
  record({
    type: "message.sent",
    objectType: "message",
    objectId: appended.message.id,
    data: { threadId: appended.thread.id, messageId: appended.message.id },
  });

  const contactAssigneeId = await contactAssigneeOf(tx, team.id, appended.thread.contactId);
  return {
    status: 201,
    body: {
      message: toMessage(appended.message, now, ctx.mediaSigner(c)),
      thread: toThread(appended.thread, contactAssigneeId),
    },
  };
}

function unconfirmed(messageId: string): StoredAnswer {
  return {
    status: 502,
    error: {
      code: "sendUnconfirmed",
      message: "The platform's acceptance of the message could not be confirmed; read details.messageId later",
      details: { messageId },
    },
  };
}

type ResolvedTarget = {
  link: AccountLinkRow;
  platform: PlatformRow;
  /** The existing thread the message goes into, or null when it starts one. */
  thread: LoadedThread | null;
  /** The person, or null when the service has never seen them (a new profile). */
  profile: ProfileRow | null;
  platformId: string;
};

async function resolveTarget(tx: Database, team: Team, target: MessageTarget): Promise<ResolvedTarget> {
  if (target.type === "thread") {
    const thread = await requireThread(tx, team.id, target.threadId);
    requirePlatforms(team, [thread.row.platform]);
    const link = await requireAccountLink(tx, team.id, thread.row.accountLinkId);
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, thread.row.profileId));
    return {
      link,
      platform: await requirePlatformRow(tx, link.platform),
      thread,
      profile: profile ?? null,
      platformId: profile?.platformId ?? "",
    };
  }

  const link = await requireAccountLink(tx, team.id, target.accountLinkId);
  requirePlatforms(team, [link.platform]);
  const platform = await requirePlatformRow(tx, link.platform);

  if (target.type === "contact") {
    const [contact] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.teamId, team.id), eq(contacts.id, target.contactId)));
    if (!contact) fail("contactNotFound", `No contact ${target.contactId}`);
    const candidates = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.teamId, team.id), eq(profiles.contactId, contact.id), eq(profiles.platform, link.platform)))
      .orderBy(asc(profiles.id));
    if (candidates.length === 0) {
      fail("invalidRequest", `Contact ${contact.id} has no ${link.platform} profile to message from account link ${link.id}`);
    }
    // The person's conversation on this account if there is one, else their first profile.
    for (const profile of candidates) {
      const thread = await findThreadBetween(tx, team.id, link.id, profile.id);
      if (thread) return { link, platform, thread, profile, platformId: profile.platformId };
    }
    const profile = candidates[0]!;
    return { link, platform, thread: null, profile, platformId: profile.platformId };
  }

  if (target.platform !== link.platform) {
    fail("invalidRequest", `target.platform is ${target.platform} but account link ${link.id} is on ${link.platform}`);
  }
  const profile = await findProfile(tx, team.id, target.platform, target.platformId);
  if (!profile?.contactId && !team.addOns.includes("advancedApi")) {
    fail("planRequired", "Messaging someone who is not a contact needs the advanced-API add-on", { addOn: "advancedApi" });
  }
  const thread = profile ? await findThreadBetween(tx, team.id, link.id, profile.id) : null;
  return { link, platform, thread, profile, platformId: target.platformId };
}

/**
 * Claims an `Idempotency-Key` for this body (a `pending` row), or answers for it: the stored
 * result of a finished request with the same body, 409 while the first is still running,
 * 422 for another body. A key older than the TTL is forgotten and claimed afresh.
 */
async function claimKey(ctx: SandboxContext, teamId: string, key: string, bodyHash: string): Promise<StoredAnswer | null> {
  return ctx.store.write(teamId, async (tx) => {
    const now = ctx.store.clock.now();
    const fresh = { teamId, key, bodyHash, state: "pending", status: null, response: null, createdAt: now };
    const inserted = await tx.insert(idempotencyKeys).values(fresh).onConflictDoNothing().returning();
    if (inserted.length) return null;
    const [existing] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.teamId, teamId), eq(idempotencyKeys.key, key)))
      .for("update");
    if (!existing) fail("idempotencyKeyInUse", "A request with this Idempotency-Key is still running");
    if (existing.createdAt.getTime() + ctx.config.idempotencyTtlMs <= now.getTime()) {
      await tx
        .update(idempotencyKeys)
        .set(fresh)
        .where(and(eq(idempotencyKeys.teamId, teamId), eq(idempotencyKeys.key, key)));
      return null;
    }
    if (existing.state !== "done") fail("idempotencyKeyInUse", "A request with this Idempotency-Key is still running");
    if (existing.bodyHash !== bodyHash) fail("idempotencyKeyReused", "This Idempotency-Key was used with a different body");
    return existing.response as StoredAnswer;
  });
}

/** 201 for a first send, 200 for a replay of it; a 502 answers 502 either way. */
function answer(c: Context<SandboxEnv>, result: StoredAnswer, replay: boolean) {
  if (result.status === 502) throw new ApiError({ status: 502, ...result.error });
  return c.json(result.body, replay ? 200 : 201);
}

function idempotencyKeyOf(c: Context<SandboxEnv>): string | null {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    fail("invalidRequest", "Idempotency-Key must be 1 to 255 visible ASCII characters");
  }
  return key;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
