import "server-only";
import { isApiError } from "@/lib/api/errors";
import { MAX_SCHEDULE_AHEAD_DAYS, type ScheduledSend, type ScheduledSendList } from "@/lib/api/scheduled-sends";
import { presetTime, SNOOZE_PRESETS, type SnoozePreset } from "@/lib/api/snoozes";
import { atLeast } from "../access/policy";
import { canSee } from "../access/visibility";
import { apiError } from "../http/route";
import type { SessionViewer } from "../http/session";
import { errorField, log } from "../runtime/log";
import type { Runtime } from "../runtime/runtime";

/**
 * What the scheduled-send endpoints answer. Their rows in lib/api/inbox-endpoints check the
 * role and the thread a list or a new one names; a change names only the send, so its thread is
 * checked here, and a send on a thread the viewer may not see is as unknown as a missing one.
 */
const NO_STORE = { "cache-control": "no-store" };
const DAY_MS = 86_400_000;

export async function scheduledSendsAnswer(runtime: Runtime, viewer: SessionViewer, query: { threadId?: string }): Promise<Response> {
  const [now, listed] = await Promise.all([runtime.scheduler.now(), runtime.scheduledSends.list(query.threadId ? { threadId: query.threadId } : { userId: viewer.userId })]);
  await runtime.gateway.index.ready();
  // The viewer's own across threads: only those whose thread they may still see.
  const data = query.threadId ? listed : listed.filter((send) => visibleThread(runtime, viewer, send.threadId));
  return Response.json({ now: now.toISOString(), data } satisfies ScheduledSendList, { headers: NO_STORE });
}

export async function scheduleAnswer(runtime: Runtime, viewer: SessionViewer, body: { threadId: string; content: string; sendAt: string; timeZone: string }): Promise<Response> {
  const sendAt = await dueTime(runtime, body.sendAt, body.timeZone);
  const made = await runtime.scheduledSends.create({ threadId: body.threadId, content: body.content, sendAt, author: { userId: viewer.userId, name: viewer.name } });
  await note(runtime, viewer, "scheduledSends.create", made, { sendAt: made.sendAt });
  return Response.json(made, { status: 201, headers: NO_STORE });
}

export async function rescheduleAnswer(runtime: Runtime, viewer: SessionViewer, id: string, body: { content?: string; sendAt?: string; timeZone?: string }): Promise<Response> {
  const send = await visibleSend(runtime, viewer, id);
  if (send.author.userId !== viewer.userId) throw apiError("forbidden", "Only its author can change a scheduled message.");
  const sendAt = body.sendAt ? await dueTime(runtime, body.sendAt, body.timeZone ?? "UTC") : undefined;
  const changed = await runtime.scheduledSends.update(id, { content: body.content, sendAt });
  await note(runtime, viewer, "scheduledSends.update", changed, { sendAt: changed.sendAt });
  return Response.json(changed, { headers: NO_STORE });
}

export async function cancelAnswer(runtime: Runtime, viewer: SessionViewer, id: string): Promise<Response> {
  const send = await visibleSend(runtime, viewer, id);
  if (send.author.userId !== viewer.userId && !atLeast(viewer.role, "manager")) throw apiError("forbidden", "Only its author or a manager can cancel a scheduled message.");
  const removed = await runtime.scheduledSends.remove(id);
  await note(runtime, viewer, "scheduledSends.delete", removed, { sendAt: removed.sendAt, state: removed.state });
  return new Response(null, { status: 204, headers: NO_STORE });
}

/** A preset in the member's zone, or a time; in the future and within a year, on the inbox's clock. */
async function dueTime(runtime: Runtime, value: string, timeZone: string): Promise<Date> {
  const now = await runtime.scheduler.now();
  const at = (SNOOZE_PRESETS as readonly string[]).includes(value) ? presetTime(value as SnoozePreset, now, timeZone) : new Date(value);
  if (at.getTime() <= now.getTime()) throw apiError("invalidRequest", "Pick a time in the future to send at.");
  if (at.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_DAYS * DAY_MS) throw apiError("invalidRequest", "A message can be scheduled a year ahead at most.");
  return at;
}

async function visibleSend(runtime: Runtime, viewer: SessionViewer, id: string): Promise<ScheduledSend> {
  const send = await runtime.scheduledSends.get(id);
  const thread = send
    ? await runtime.gateway.thread(send.threadId).catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      })
    : null;
  if (!send || !thread || !canSee(thread, viewer)) throw apiError("scheduledSendNotFound", `No scheduled send ${id}.`);
  return send;
}

function visibleThread(runtime: Runtime, viewer: SessionViewer, threadId: string): boolean {
  const thread = runtime.gateway.index.get(threadId);
  return thread !== undefined && canSee(thread, viewer);
}

/** Who scheduled, changed or cancelled, in the activity log; its failure never fails the change. */
async function note(runtime: Runtime, viewer: SessionViewer, action: string, send: ScheduledSend, after: Record<string, unknown>): Promise<void> {
  const who = { userId: viewer.userId, name: viewer.name, memberId: viewer.memberLinked ? viewer.memberId : null };
  const contactId = runtime.gateway.index.get(send.threadId)?.contactId ?? null;
  await runtime.activity.note(who, { action, threadId: send.threadId, contactId, after }).catch((error: unknown) => log.error({ action, error: errorField(error) }, "recording activity failed"));
}
