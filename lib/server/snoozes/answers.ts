import "server-only";
import { SNOOZE_PRESETS, presetTime, type SnoozeKind, type SnoozeList, type SnoozePreset } from "@/lib/api/snoozes";
import { canSee } from "../access/visibility";
import { noteActivity } from "../activity/note";
import { shape } from "../gateway/thread-query";
import { apiError } from "../http/route";
import type { SessionViewer } from "../http/session";
import type { Runtime } from "../runtime/runtime";

/**
 * What the snooze endpoints answer (their rows in lib/api/inbox-endpoints have checked the role
 * and the thread a write names). Times are on the scheduler's clock, so "tomorrow" is the
 * sandbox's tomorrow in demo mode.
 */
const NO_STORE = { "cache-control": "no-store" };
const DAY_MS = 86_400_000;
/** The furthest a snooze may go. */
const MAX_AHEAD_MS = 366 * DAY_MS;

/** The team's snoozes and reminders on threads the viewer may see, each with its thread as the index holds it. */
export async function snoozesAnswer(runtime: Runtime, viewer: SessionViewer): Promise<Response> {
  const index = runtime.gateway.index;
  const [now, entries] = await Promise.all([runtime.scheduler.now(), runtime.snoozes.list(), index.ready()]);
  const data: SnoozeList["data"] = [];
  for (const entry of entries) {
    const thread = index.get(entry.threadId);
    // A thread the index no longer holds was deleted: nothing to come back to.
    if (!thread || !canSee(thread, viewer)) continue;
    data.push({ ...entry, thread: shape(thread, ["contact", "profile"]) });
  }
  return Response.json({ now: now.toISOString(), data } satisfies SnoozeList, { headers: NO_STORE });
}

export async function snoozeAnswer(runtime: Runtime, viewer: SessionViewer, body: { threadId: string; until: string; timeZone: string }): Promise<Response> {
  const now = await runtime.scheduler.now();
  const until = body.until === "reply" ? null : isPreset(body.until) ? presetTime(body.until, now, body.timeZone) : new Date(body.until);
  if (until && until.getTime() <= now.getTime()) throw apiError("invalidRequest", "Pick a time in the future to snooze until.");
  if (until && until.getTime() - now.getTime() > MAX_AHEAD_MS) throw apiError("invalidRequest", "A conversation can be snoozed for a year at most.");
  const made = await runtime.snoozes.snooze(body.threadId, until, actor(viewer));
  await noteActivity(runtime, viewer, "snoozes.create", body.threadId, { until: made.until });
  return Response.json(made, { status: 201, headers: NO_STORE });
}

export async function followUpAnswer(runtime: Runtime, viewer: SessionViewer, body: { threadId: string; days: number }): Promise<Response> {
  const until = new Date((await runtime.scheduler.now()).getTime() + body.days * DAY_MS);
  const made = await runtime.snoozes.followUp(body.threadId, until, actor(viewer));
  await noteActivity(runtime, viewer, "followUps.create", body.threadId, { days: body.days, until: made.until });
  return Response.json(made, { status: 201, headers: NO_STORE });
}

export async function unsnoozeAnswer(runtime: Runtime, viewer: SessionViewer, query: { threadId: string; kind: SnoozeKind }): Promise<Response> {
  const removed = await runtime.snoozes.remove(query.threadId, query.kind);
  if (removed) await noteActivity(runtime, viewer, "snoozes.delete", query.threadId, { kind: removed.kind, state: removed.state });
  return new Response(null, { status: 204, headers: NO_STORE });
}

function actor(viewer: SessionViewer) {
  return { userId: viewer.userId, name: viewer.name };
}

function isPreset(value: string): value is SnoozePreset {
  return (SNOOZE_PRESETS as readonly string[]).includes(value);
}
