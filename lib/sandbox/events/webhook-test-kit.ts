import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { ApiEvent } from "@/lib/api/events";
import { z } from "zod";
import { campaigns, profiles, threads } from "../schema";
import { TOKENS, expectOk, type TestSandbox } from "../testing/harness";
import type { EventInput } from "./event-log";
import { WEBHOOK_FORMATS } from "./webhook-formats";
import { attachWebhooks, type WebhookDispatcherOptions } from "./webhooks";

/** What the webhook tests share: the control API's shapes and a dispatcher that records what it sends. */

export const listedSubscription = z.strictObject({
  id: z.string(),
  url: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  effectiveFormat: z.enum(WEBHOOK_FORMATS),
  createdAt: z.string(),
});
export const createdSubscription = listedSubscription.extend({ secret: z.string() });
// Strict: a listed subscription carries no secret.
export const subscriptionList = z.strictObject({ data: z.array(listedSubscription) });

export type Captured = { url: string; headers: Record<string, string>; body: string };

/**
 * Replaces the sandbox's dispatcher with one whose fetch records each delivery; the retry loop
 * is off unless asked for, so a test drives retries with `retryDue()`.
 */
export function capture(
  t: TestSandbox,
  answer: (request: Captured, init: RequestInit | undefined) => Promise<Response> | Response = () => new Response(null, { status: 204 }),
  extra: Partial<WebhookDispatcherOptions> = {},
) {
  const deliveries: Captured[] = [];
  const logs: string[] = [];
  const dispatcher = attachWebhooks(t.sandbox.context, {
    log: (line) => logs.push(line),
    retryIntervalMs: null,
    ...extra,
    fetch: async (input, init) => {
      const request: Captured = { url: String(input), headers: Object.fromEntries(new Headers(init?.headers).entries()), body: String(init?.body) };
      deliveries.push(request);
      return answer(request, init);
    },
  });
  return { deliveries, logs, dispatcher };
}

export async function subscribe(t: TestSandbox, body: { url: string; secret?: string; format?: string }, token: string = TOKENS.acme) {
  return expectOk(await t.request("POST", "//_sandbox/webhooks", { token, body }), createdSubscription, 201);
}

export async function removeAllSubscriptions(t: TestSandbox) {
  for (const token of [TOKENS.acme, TOKENS.globex]) {
    const { json } = await t.request("GET", "//_sandbox/webhooks", { token });
    for (const s of subscriptionList.parse(json).data) await t.request("DELETE", `//_sandbox/webhooks/${s.id}`, { token });
  }
}

export type TeamName = "acme" | "globex";

/**
 * A seeded thread with its last message and the person's profile: on Acme one a campaign
 * started whose campaign is not running (the campaign runner adds nothing to it while the
 * clock moves), on Globex (no outreach plan: no campaigns at all) any one.
 */
export async function seededThread(t: TestSandbox, team: TeamName = "acme") {
  const teamId = (await t.teamIds())[team];
  const [found] = await t.sandbox.context.store.db
    .select({ thread: threads, profile: profiles })
    .from(threads)
    .innerJoin(profiles, eq(profiles.id, threads.profileId))
    .leftJoin(campaigns, eq(campaigns.id, threads.campaignId))
    .where(
      and(
        eq(threads.teamId, teamId),
        isNotNull(threads.lastMessageId),
        team === "acme" ? and(isNotNull(threads.campaignId), ne(campaigns.status, "active")) : undefined,
      ),
    )
    .orderBy(desc(threads.id))
    .limit(1);
  const { thread, profile } = found ?? {};
  if (!thread?.lastMessageId || !profile) throw new Error(`the seed has no such thread on ${team}`);
  return { ...thread, lastMessageId: thread.lastMessageId, profile };
}

/**
 * Appends an event to a team's log through the store's write path, as the campaign runner
 * does, so every listener hears it; resolves with the event's ID (tests pick their own
 * deliveries by it: the runner may add events of its own when the clock moves).
 */
export async function appendEvent(t: TestSandbox, input: EventInput, team: TeamName = "acme"): Promise<string> {
  const teamId = (await t.teamIds())[team];
  const { store } = t.sandbox.context;
  const heard: ApiEvent[] = [];
  const stop = store.onEvents((from, events) => {
    if (from === teamId) heard.push(...events);
  });
  try {
    await store.write(teamId, async (_tx, record) => record(input));
  } finally {
    stop();
  }
  const mine = heard.find((e) => e.type === input.type && e.object.id === input.objectId && JSON.stringify(e.data) === JSON.stringify(input.data));
  if (!mine) throw new Error(`no ${input.type} was appended`);
  return mine.id;
}

/** A `target.*` event about a seeded thread, with the data the campaign runner gives it. */
export async function targetEvent(
  t: TestSandbox,
  thread: Awaited<ReturnType<typeof seededThread>>,
  type: "target.contacted" | "target.followUpSent" | "target.replied" = "target.contacted",
  team: TeamName = "acme",
): Promise<string> {
  const campaignId = thread.campaignId ?? "cmpnone";
  const data = { campaignId, threadId: thread.id, messageId: thread.lastMessageId, accountLinkId: thread.accountLinkId, platform: thread.profile.platform, platformId: thread.profile.platformId };
  return appendEvent(t, { type, objectType: "campaign", objectId: campaignId, data }, team);
}

/** The deliveries of these events (by `webhook-id`). */
export function deliveriesOf(deliveries: Captured[], eventIds: string[]): Captured[] {
  return deliveries.filter((d) => eventIds.includes(d.headers["webhook-id"] ?? ""));
}

/** Moves the sandbox's clock on through the control API. */
export async function advanceClock(t: TestSandbox, seconds: number) {
  const response = await t.request("POST", "//_sandbox/clock/advance", { body: { seconds } });
  if (response.status !== 200) throw new Error(`clock advance answered ${response.status}: ${response.text}`);
}
