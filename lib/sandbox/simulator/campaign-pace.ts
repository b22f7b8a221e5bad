import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { events } from "../schema";

/**
 * When and how fast a campaign may send (rules of lib/sandbox/simulator/campaigns.ts):
 * - Only inside `scheduleHours` in `scheduleTimezone`: the day (`0` Sunday … `6` Saturday)
 *   must be present and the minute of the day in `[start, end)`.
 * - Per account link, at most `hourlyMessageRate` of the campaign's messages in any rolling
 *   hour. A link sends as soon as its hour allows, so a run after a quiet spell (or a large
 *   clock jump) sends up to one hour's worth per link, all at that run's "now", and the next
 *   ones follow as the first ones leave the hour. The record of what was sent is the event
 *   log's `target.contacted` and `target.followUpSent` events (their `accountLinkId`), read
 *   through its time index: the pace survives restarts and costs a look at one hour of events.
 */
const HOUR_MS = 3_600_000;
const SEND_EVENTS = ["target.contacted", "target.followUpSent"];

const formats = new Map<string, Intl.DateTimeFormat>();

/** The weekday (0 = Sunday) and minute of the day at `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string): { day: number; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "numeric", minute: "numeric", hourCycle: "h23" });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? "");
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

export function isSendingTime(at: Date, timeZone: string, hours: Record<string, { start: number; end: number }>): boolean {
  let local;
  try {
    local = localTime(at, timeZone);
  } catch {
    // An unknown zone cannot pass start's checks; a row changed behind its back sends nothing.
    return false;
  }
  const window = hours[String(local.day)];
  return window !== undefined && local.minute >= window.start && local.minute < window.end;
}

/** How many messages each of the links may send for the campaign now. */
export async function linkAllowances(
  db: Database,
  teamId: string,
  campaign: { id: string; hourlyMessageRate: number },
  linkIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  const link = sql<string>`${events.data}->>'accountLinkId'`;
  const recent = await db
    .select({ link, sent: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        eq(events.teamId, teamId),
        gt(events.createdAt, new Date(now.getTime() - HOUR_MS)),
        inArray(events.type, SEND_EVENTS),
        sql`${events.data}->>'campaignId' = ${campaign.id}`,
      ),
    )
    .groupBy(link);
  const allowances = new Map<string, number>();
  for (const id of linkIds) allowances.set(id, Math.max(0, campaign.hourlyMessageRate - (recent.find((r) => r.link === id)?.sent ?? 0)));
  return allowances;
}
