import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ACCOUNT_LINK_STATUSES } from "@/lib/api/platforms";
import { capabilityName } from "@/lib/api/capability-names";
import { serviceId } from "@/lib/api/primitives";
import { identify } from "../authenticate";
import type { SandboxContext, SandboxEnv } from "../context";
import { fail, pathId, readBody, readOptionalBody } from "../http";
import { LIVE_INTERVAL, liveMode } from "../simulator/live";
import { accountLinks, contacts, threads } from "../schema";
import { toAccountLink, toThread } from "../model/serialize";
import { runCampaigns } from "../simulator/campaigns";
import { SETTLE_AFTER_MAX_MS } from "../simulator/settle";
import { injectInbound } from "../simulator/simulator";
import { attachWebhooks } from "../events/webhooks";
import {
  changeSubscriptionFormat,
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  webhookCreate,
  webhookFormatChange,
  webhookTargetRefusal,
} from "../events/webhook-subscriptions";

/**
 * The simulator's control API under `/_sandbox`: not part of the spec, for tests, demos and
 * the e2e suite. It drives what the real service's platforms, clock and failures would do.
 * Health answers without a token; everything else takes an API token (whose team it acts
 * on) and answers 404 notFound when the sandbox runs with `control: false`. Control calls
 * use no rate-limit quota and meet no injected faults.
 */
export function controlRoutes(ctx: SandboxContext) {
  const { db } = ctx.store;
  attachWebhooks(ctx);
  const live = liveMode(ctx);

  const app = new Hono<SandboxEnv>();
  app.get("/health", (c) => c.json({ ok: true }));
  app.use("*", async (c, next) => {
    if (!ctx.config.control) fail("notFound", `No endpoint at ${new URL(c.req.url).pathname}`);
    await authenticate(ctx, c);
    await next();
  });

  app.post("/inbound", async (c) => {
    const input = await readBody(c, inboundBody);
    const result = await injectInbound(ctx, c.get("team").id, input, ctx.mediaSigner(c));
    return c.json(result, 201);
  });

  app.post("/account-links/:accountLinkId/status", async (c) => {
    const teamId = c.get("team").id;
    const id = pathId(c, "accountLinkId", "accountLinkNotFound");
    const body = await readBody(c, accountLinkStatusBody);
    const row = await ctx.store.write(teamId, async (tx, record) => {
      const [current] = await tx.select().from(accountLinks).where(and(eq(accountLinks.teamId, teamId), eq(accountLinks.id, id)));
      if (!current) fail("accountLinkNotFound", `No account link ${id}`);
      const pauseReasons = body.status === "paused" ? (body.pauseReasons ?? current.pauseReasons ?? ["pausedByTeam"]) : null;
      const [updated] = await tx
        .update(accountLinks)
        .set({ status: body.status, pauseReasons })
        .where(eq(accountLinks.id, id))
        .returning();
      if (current.status !== body.status) {
        record({ type: "accountLink.statusChanged", objectType: "accountLink", objectId: id, data: { status: body.status } });
      }
      return updated ?? current;
    });
    return c.json(toAccountLink(row));
  });

  app.post("/threads/:threadId/restrictions", async (c) => {
    const { capability } = await readBody(c, restrictionBody);
    return c.json(await updateRestrictions(c, (list) => (list.includes(capability) ? list : [...list, capability])));
  });

  app.delete("/threads/:threadId/restrictions/:capability", async (c) => {
    const capability = c.req.param("capability");
    return c.json(await updateRestrictions(c, (list) => list.filter((r) => r !== capability)));
  });

  app.get("/clock", (c) => c.json(clockState()));
  app.post("/clock/advance", async (c) => {
    const { seconds } = await readBody(c, clockAdvanceBody);
    ctx.store.clock.advance(Math.round(seconds * 1000));
    await ctx.store.saveClock();
    // Unconfirmed sends due by the new time settle now, their events before this answer.
    await ctx.settler.settleDue();
    // Campaigns catch up with the jump at once (one hour's allowance per account at most).
    if (ctx.config.campaignsOnClockAdvance) await runCampaigns(ctx);
    return c.json(clockState());
  });
  app.post("/campaigns/run", async (c) => c.json(await runCampaigns(ctx, c.get("team").id)));

  // Faults belong to the team whose token asks (rules: simulator/faults.ts); the list and the clear are the team's.
  app.get("/faults", (c) => c.json({ pending: ctx.faults.pending(c.get("team").id) }));
  app.post("/faults", async (c) => {
    const teamId = c.get("team").id;
    ctx.faults.add(await readBody(c, faultBody), { teamId, token: c.get("token") });
    return c.json({ pending: ctx.faults.pending(teamId) }, 201);
  });
  app.delete("/faults", (c) => {
    const teamId = c.get("team").id;
    ctx.faults.clear(teamId);
    return c.json({ pending: ctx.faults.pending(teamId) });
  });

  app.get("/rate-limits", (c) => c.json(ctx.config.rateLimits));
  app.put("/rate-limits", async (c) => {
    ctx.config.rateLimits = await readBody(c, rateLimitsBody);
    return c.json(ctx.config.rateLimits);
  });
  app.post("/rate-limits/reset", (c) => {
    ctx.rateLimiter.reset();
    return c.json({ ok: true });
  });

  app.post("/reset", async (c) => {
    const body = await readOptionalBody(c, resetBody);
    live.stopAll();
    ctx.faults.clear();
    ctx.rateLimiter.reset();
    await ctx.store.reset({ scale: body.scale });
    await ctx.store.saveClock();
    return c.json({ ok: true });
  });

  app.get("/live", (c) => c.json(live.status(c.get("team").id)));
  app.post("/live", async (c) => {
    const body = await readBody(c, liveBody);
    return c.json(live.set(c.get("team").id, { enabled: body.enabled, intervalMs: body.intervalMs ?? LIVE_INTERVAL.default }, ctx.mediaSigner(c)));
  });

  // Subscriptions and their formats: rules in events/webhook-subscriptions.ts and events/webhook-formats.ts.
  app.get("/webhooks", async (c) => c.json({ data: await listSubscriptions(ctx, c.get("team").id) }));
  app.post("/webhooks", async (c) => {
    const body = await readBody(c, webhookCreate);
    const refusal = webhookTargetRefusal(body.url, ctx.config.webhookUrls);
    if (refusal) fail("invalidRequest", refusal, { url: body.url });
    return c.json(await createSubscription(ctx, c.get("team").id, body), 201);
  });
  app.patch("/webhooks/:webhookId", async (c) => {
    const id = pathId(c, "webhookId", "notFound");
    const { format } = await readBody(c, webhookFormatChange);
    return c.json(await changeSubscriptionFormat(ctx, c.get("team").id, id, format));
  });
  app.delete("/webhooks/:webhookId", async (c) => {
    const id = pathId(c, "webhookId", "notFound");
    if (!(await deleteSubscription(ctx, c.get("team").id, id))) fail("notFound", `No webhook subscription ${id}`);
    return c.body(null, 204);
  });

  return app;

  function clockState() {
    return { now: ctx.store.clock.now().toISOString(), offsetMs: ctx.store.clock.offsetMs() };
  }

  async function updateRestrictions(c: Context<SandboxEnv>, change: (restrictions: string[]) => string[]) {
    const teamId = c.get("team").id;
    const id = pathId(c, "threadId", "threadNotFound");
    const [found] = await db
      .select({ thread: threads, contactAssigneeId: contacts.assigneeId })
      .from(threads)
      .leftJoin(contacts, eq(contacts.id, threads.contactId))
      .where(and(eq(threads.teamId, teamId), eq(threads.id, id)));
    if (!found) fail("threadNotFound", `No thread ${id}`);
    const [updated] = await db
      .update(threads)
      .set({ restrictions: change(found.thread.restrictions) })
      .where(eq(threads.id, id))
      .returning();
    return toThread(updated ?? found.thread, found.contactAssigneeId);
  }
}

/** The API's token rule, without the quota and faults that only the API meets. */
async function authenticate(ctx: SandboxContext, c: Context<SandboxEnv>): Promise<void> {
  const { team, token, problem } = await identify(ctx, c);
  if (!team) fail("unauthorized", problem);
  c.set("team", team);
  c.set("token", token);
}

const nonEmptyText = z.string().refine((s) => s.trim().length > 0, "Must not be empty");

const inboundBody = z.strictObject({
  content: nonEmptyText.pipe(z.string().max(100_000)),
  threadId: serviceId.optional(),
  accountLinkId: serviceId.optional(),
  profile: z
    .strictObject({
      platformId: z.string().min(1),
      username: z.string().min(1).nullable().optional(),
      displayName: z.string().min(1).nullable().optional(),
    })
    .optional(),
});

const accountLinkStatusBody = z.strictObject({
  status: z.enum(ACCOUNT_LINK_STATUSES),
  pauseReasons: z.array(z.string().min(1)).optional(),
});

const restrictionBody = z.strictObject({ capability: capabilityName });

const clockAdvanceBody = z.strictObject({ seconds: z.number().positive().max(10 * 365 * 24 * 3600) });

const count = z.number().int().positive().max(10_000);
/** Whose requests meet a fault, and which (simulator/faults.ts). */
const faultFilter = {
  scope: z.enum(["team", "token"]).optional(),
  path: z
    .string()
    .max(500)
    .regex(/^\/[\x21-\x7e]*$/, "A path starts with / and holds no spaces, e.g. /v2/threads")
    .optional(),
  method: z.enum(["GET", "POST", "PATCH", "PUT", "DELETE"]).optional(),
};
const faultBody = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("rateLimited"), count, retryAfter: z.number().int().positive().max(86_400), ...faultFilter }),
  z.strictObject({ kind: z.literal("internalError"), count, ...faultFilter }),
  z.strictObject({ kind: z.literal("latency"), count, ms: z.number().int().nonnegative().max(60_000), ...faultFilter }),
  z.strictObject({
    kind: z.literal("sendUnconfirmed"),
    count,
    delivered: z.boolean(),
    settleAfterMs: z.number().int().nonnegative().max(SETTLE_AFTER_MAX_MS).optional(),
    ...faultFilter,
  }),
]);

const rateLimitsBody = z.strictObject({
  minute: z.number().int().positive(),
  hour: z.number().int().positive(),
  day: z.number().int().positive(),
});

const resetBody = z.strictObject({ scale: z.number().int().positive().max(100_000).optional() });

const liveBody = z.strictObject({
  enabled: z.boolean(),
  intervalMs: z.number().int().min(LIVE_INTERVAL.min).max(LIVE_INTERVAL.max).optional(),
});
