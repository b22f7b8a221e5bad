import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { z } from "zod";
import { eventDataSchema, eventPage, isKnownEventType, type ApiEvent } from "@/lib/api/events";
import { expectOk, type TestSandbox } from "../testing/harness";
import { campaigns, campaignTargets, outreachLeads } from "../schema";

/** What the campaign runner's tests share: runs, the clock, events and rows to look at. */
export const runSummary = z.strictObject({
  sent: z.number().int().nonnegative(),
  replies: z.number().int().nonnegative(),
  simulatedReplies: z.number().int().nonnegative(),
  completed: z.array(z.string()),
});

export async function runNow(t: TestSandbox) {
  return expectOk(await t.request("POST", "//_sandbox/campaigns/run"), runSummary);
}

/** Sets the sandbox clock to an instant (tests may go back; the control API only goes forward). */
export function clockTo(t: TestSandbox, iso: string) {
  t.sandbox.context.store.clock.set(Date.parse(iso) - Date.now());
}

/** Advances the clock through the control API, which runs the campaigns after it. */
export async function advance(t: TestSandbox, seconds: number) {
  expectOk(await t.request("POST", "//_sandbox/clock/advance", { body: { seconds } }), z.looseObject({ now: z.string() }));
}

/** Every v2 event after `seq`, each of a known type checked against its data schema. */
export async function eventsAfter(t: TestSandbox, seq: number): Promise<ApiEvent[]> {
  const out: ApiEvent[] = [];
  let after = seq;
  for (;;) {
    const page = expectOk(await t.request("GET", `/events?afterSeq=${after}&limit=1000`), eventPage);
    for (const event of page.data) {
      if (isKnownEventType(event.type)) expect(eventDataSchema(event.type).safeParse(event.data).success, JSON.stringify(event)).toBe(true);
      out.push(event);
    }
    after = page.lastSeq;
    if (!page.hasMore) return out;
  }
}

export const ofType = (events: ApiEvent[], type: string) => events.filter((e) => e.type === type);

export async function targetsOf(t: TestSandbox, campaignId: string) {
  return t.sandbox.context.store.db
    .select()
    .from(campaignTargets)
    .where(eq(campaignTargets.campaignId, campaignId))
    .orderBy(asc(campaignTargets.platform), asc(campaignTargets.platformId));
}

export async function leadOf(t: TestSandbox, leadId: string) {
  const [row] = await t.sandbox.context.store.db.select().from(outreachLeads).where(eq(outreachLeads.id, leadId));
  return row!;
}

/** Changes a campaign's row directly: no endpoint edits campaigns. */
export async function setCampaign(t: TestSandbox, id: string, changes: Partial<typeof campaigns.$inferInsert>) {
  await t.sandbox.context.store.db.update(campaigns).set(changes).where(eq(campaigns.id, id));
}
