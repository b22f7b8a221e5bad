import "server-only";
import type { Operation } from "@/lib/api/endpoints";
import { errorBody } from "@/lib/api/error-schemas";
import type { RuleAction } from "@/lib/api/rules";
import type { Thread } from "@/lib/api/threads";
import type { Database } from "@/lib/db/connection";
import type { ActivityLog, Actor } from "../../activity/activity";
import type { Gateway } from "../../gateway/gateway";
import type { Params } from "../../gateway/effects";
import type { Snoozes } from "../../snoozes/snoozes";
import { routingQueue } from "../../store/schema";

/**
 * One rule action, carried out like a member's write but at background priority (below
 * members' own, lib/server/gateway/budget), and recorded in the activity log with the rule as
 * the actor. Answers what became of it: `done`, `skipped` (nothing to do: no contact to tag),
 * `failed` (logged; the rule's other actions still run) or `gone` (the conversation no longer
 * exists: nothing more can be done to it).
 */
export type ActionDeps = {
  db: Database;
  gateway: Gateway;
  activity: ActivityLog;
  snoozes: Snoozes;
  /** The scheduler's clock (the sandbox's in demo mode): what a snooze's hours count from. */
  now(): Promise<Date>;
  /** Takes conversations out of routing's queue (an assignee of their own). */
  dequeue(threadIds: string[]): Promise<unknown>;
};

export type ActionOutcome = { result: "done" | "skipped" | "gone" } | { result: "failed"; status: number; code: string };

export async function runAction(deps: ActionDeps, action: RuleAction, thread: Thread, actor: Actor, eventId: string): Promise<ActionOutcome> {
  const threadWrite = (body: Record<string, unknown>, before: Record<string, unknown>) => write(deps, actor, "threads.update", `/threads/${thread.id}`, { threadId: thread.id }, "PATCH", body, before);
  const contactId = thread.contactId;
  switch (action.type) {
    case "assign": {
      const outcome = await threadWrite({ assigneeId: action.memberId }, { assigneeId: thread.assigneeId });
      // Its own assignee now: routing has nothing left to decide.
      if (outcome.result === "done") await deps.dequeue([thread.id]);
      return outcome;
    }
    case "autoAssign":
      await deps.db.insert(routingQueue).values({ threadId: thread.id, accountLinkId: thread.accountLinkId, eventId, arrivedAt: new Date() }).onConflictDoNothing();
      return { result: "done" };
    case "archive":
      if (thread.archived) return { result: "skipped" };
      return threadWrite({ archived: true }, { archived: false });
    case "addTag":
    case "removeTag": {
      if (!contactId) return { result: "skipped" };
      const operation = action.type === "addTag" ? "contacts.addTag" : "contacts.removeTag";
      // The thread rides along in params so the log line shows in the conversation's history.
      const params = { contactId, tagRef: action.tagId, threadId: thread.id };
      return write(deps, actor, operation, `/contacts/${contactId}/tags/${encodeURIComponent(action.tagId)}`, params, action.type === "addTag" ? "PUT" : "DELETE", null, null, { tagId: action.tagId });
    }
    case "setStatus": {
      if (!contactId) return { result: "skipped" };
      const before = deps.gateway.index.isReady() ? deps.gateway.index.contact(contactId) : undefined;
      return write(deps, actor, "contacts.update", `/contacts/${contactId}`, { contactId, threadId: thread.id }, "PATCH", { status: action.statusId }, { status: before?.statusId ?? null });
    }
    case "snooze": {
      const until = action.hours === null ? null : new Date((await deps.now()).getTime() + action.hours * 3_600_000);
      await deps.snoozes.snooze(thread.id, until, { userId: actor.userId, name: actor.name });
      await deps.activity.note(actor, { action: "snoozes.create", threadId: thread.id, contactId, after: { until: until?.toISOString() ?? null } });
      return { result: "done" };
    }
  }
}

async function write(
  deps: ActionDeps,
  actor: Actor,
  operation: Operation,
  path: string,
  params: Params,
  method: string,
  body: Record<string, unknown> | null,
  before: unknown,
  logged?: Record<string, unknown>,
): Promise<ActionOutcome> {
  const headers = new Headers(body ? { "content-type": "application/json" } : {});
  const response = await deps.gateway.write(operation, path, params, { method, headers, body: body ? JSON.stringify(body) : null }, "background");
  if (!response.ok) {
    const parsed = errorBody.safeParse(await response.json().catch(() => null));
    const code = parsed.success ? parsed.data.code : "upstreamUnavailable";
    if (code === "threadNotFound") return { result: "gone" };
    return { result: "failed", status: response.status, code };
  }
  const answer: unknown = await response.json().catch(() => null);
  await deps.activity.record(actor, { operation, params, body: logged ?? body, answer, before, requestId: response.headers.get("x-request-id") });
  return { result: "done" };
}
