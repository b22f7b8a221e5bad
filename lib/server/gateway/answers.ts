import "server-only";
import type { InboxStatus } from "@/lib/api/inbox";
import type { AccountLink } from "@/lib/api/platforms";
import { unreadFor } from "@/lib/api/read-state";
import type { Member } from "@/lib/api/team";
import { computeWorkload, type TeamWorkload } from "@/lib/api/workload";
import type { SessionViewer } from "../http/session";
import type { Runtime } from "../runtime/runtime";

/**
 * What the inbox's team-wide endpoints answer from what the gateway holds (lib/api/inbox-
 * endpoints decides who may ask): the request quota and how events arrive, and who carries what.
 */
const NO_STORE = { "cache-control": "no-store" };
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The team's request quota as the API last reported it, and how events arrive. */
export function statusAnswer(runtime: Runtime): Response {
  const quota = runtime.gateway.budget.status();
  const events = runtime.events.status();
  const status: InboxStatus = {
    quota: { limit: quota.limit, remaining: quota.remaining, resetAt: iso(quota.resetAt), blockedUntil: iso(quota.blockedUntil), waiting: quota.waiting },
    // Counted by this inbox process since it started, for benchmarks and diagnosis.
    upstream: { requests: runtime.upstream.requestCount() },
    events: { via: events.via, lastSeq: events.lastSeq, lastWebhookAt: iso(events.lastWebhookAt), lastReplayAt: iso(events.lastReplayAt) },
  };
  return Response.json(status, { headers: NO_STORE });
}

/** Who carries what, from the inbox's index (no request to the API for the threads), with who is available and what waits for routing. */
export async function workloadAnswer(runtime: Runtime, viewer: SessionViewer): Promise<Response> {
  const [members, links] = await Promise.all([
    runtime.gateway.read("members.list", "/members", {}, new URLSearchParams({ limit: "100" }), viewer),
    runtime.gateway.read("accountLinks.list", "/account-links", {}, new URLSearchParams({ limit: "100" }), viewer),
  ]);
  const ids = async <T extends { id: string }>(response: Response) => (response.ok ? ((await response.json()) as { data: T[] }).data.map((x) => x.id) : []);
  await runtime.gateway.index.ready();
  const [availability, queue] = await Promise.all([runtime.routing.availability(), runtime.routing.queueSummary()]);
  const answer: TeamWorkload = { ...computeWorkload(runtime.gateway.index.all(), await ids<Member>(members), await ids<AccountLink>(links)), availability, queue };
  return Response.json(answer, { headers: NO_STORE });
}

/** Threads and unread threads per folder and queue, as the viewer may see them, unread for the viewer. */
export async function countsAnswer(runtime: Runtime, viewer: SessionViewer): Promise<Response> {
  const marks = new Map((await runtime.reads.list(viewer.userId)).map((mark) => [mark.threadId, mark]));
  return Response.json(await runtime.gateway.index.counts(viewer, (thread) => unreadFor(thread, marks.get(thread.id))), { headers: NO_STORE });
}
