import "server-only";
import { ApiError } from "@/lib/api/errors";
import { ruleActor, type Rule, type RuleTrigger } from "@/lib/api/rules";
import type { Thread } from "@/lib/api/threads";
import type { Database } from "@/lib/db/connection";
import type { ActivityLog, Actor } from "../../activity/activity";
import type { Bus } from "../../events/bus";
import type { Gateway } from "../../gateway/gateway";
import type { IndexedThread } from "../../gateway/thread-query";
import { log } from "../../runtime/log";
import type { Snoozes } from "../../snoozes/snoozes";
import { createDrainLoop } from "../drain-loop";
import { runAction, type ActionDeps } from "./actions";
import { readsText, rulesToRun, subjectOfThread, type RuleSubject } from "./evaluate";
import { createRuleStore, queueRuleWork, type WorkRow } from "./store";

/**
 * Rules' worker, built like routing's (../router): the events a rule listens for are recorded
 * once, in the transaction that claims them (`onClaimed`), and drained oldest first by the
 * instance that replays events (the bus's leader), one drain at a time. Each rule that runs for
 * an event is noted on its row, so a drain that dies half-way does not run it again; routing
 * waits for a conversation until its rules have run (`waitingThreads`), then is kicked.
 */
export type RuleRunner = ReturnType<typeof createRuleRunner>;

export type RuleRunnerOptions = {
  db: Database;
  gateway: Gateway;
  bus: Bus;
  activity: ActivityLog;
  snoozes: Snoozes;
  now(): Promise<Date>;
  /** Routing's queue: an `assign` takes a conversation out, and routing runs after rules. */
  routing: { dequeue(threadIds: string[]): Promise<unknown>; kick(): void };
};

const SWEEP_MS = 30_000;
const KICK_DELAY_MS = 20;

export function createRuleRunner(options: RuleRunnerOptions) {
  const { gateway, bus, activity } = options;
  const store = createRuleStore(options.db);
  const deps: ActionDeps = { db: options.db, gateway, activity, snoozes: options.snoozes, now: options.now, dequeue: (ids) => options.routing.dequeue(ids) };

  async function drainOnce(): Promise<void> {
    if (!(await bus.leads())) return;
    for (let rows = await store.work(); rows.length; rows = await store.work()) {
      const rules = await store.list();
      for (const row of rows) {
        const finished = await runEvent(row, rules);
        // Left for the next drain (the API could not be reached): later events wait behind it.
        if (!finished) return;
        await store.finished([row.eventId]);
      }
    }
  }

  /** Runs an event's rules; false when it must be tried again. */
  async function runEvent(row: WorkRow, rules: Rule[]): Promise<boolean> {
    const trigger = row.trigger as RuleTrigger;
    const listening = rules.filter((r) => r.enabled && r.trigger === trigger);
    if (listening.length === 0) return true;
    const thread = await threadOf(row);
    if (!thread) return true;
    const subject = await subjectOf(thread, row, readsText(listening));
    for (const rule of rulesToRun(listening, trigger, subject)) {
      if (row.done.includes(rule.id)) continue;
      const actor: Actor = { userId: `rule:${rule.id}`, name: ruleActor(rule.name), memberId: null };
      let current = thread;
      for (const action of rule.actions) {
        const outcome = await runAction(deps, action, current, actor, row.eventId);
        if (outcome.result === "gone") return true;
        if (outcome.result === "failed") {
          log.warn({ ruleId: rule.id, threadId: thread.id, action: action.type, status: outcome.status, code: outcome.code }, `a rule's action failed; its other actions still run`);
          await activity.note(actor, { action: "rules.actionFailed", threadId: thread.id, contactId: thread.contactId, after: { action: action.type, code: outcome.code } });
        }
        // What the next action sees (an archive after an assign) is the conversation as it is now.
        current = gateway.index.get(thread.id) ?? current;
      }
      await store.ran(row.eventId, rule.id);
      log.info({ ruleId: rule.id, threadId: thread.id, eventId: row.eventId }, `rule “${rule.name}” ran`);
    }
    return true;
  }

  /** The conversation an event is about; for a contact's status, the contact's latest. */
  async function threadOf(row: WorkRow): Promise<IndexedThread | null> {
    if (row.trigger === "contactStatusChanged") {
      await gateway.index.ready();
      const theirs = gateway.index.all().filter((t) => t.contactId === row.objectId);
      return theirs.sort((a, b) => Date.parse(b.activity.at) - Date.parse(a.activity.at))[0] ?? null;
    }
    if (!row.threadId) return null;
    try {
      return gateway.index.get(row.threadId) ?? (await gateway.thread(row.threadId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  async function subjectOf(thread: IndexedThread, row: WorkRow, withText: boolean): Promise<RuleSubject> {
    const contact = thread.contact ?? (thread.contactId ? await gateway.contact(thread.contactId).catch(() => null) : null);
    return {
      ...subjectOfThread(thread),
      contact: contact ? { tagIds: contact.tagIds, statusId: contact.statusId } : null,
      text: withText ? await textOf(thread, row) : null,
    };
  }

  /** The arriving message's text (read at background priority), else the latest preview. */
  async function textOf(thread: Thread, row: WorkRow): Promise<string | null> {
    const messageId = row.messageId ?? thread.lastMessage?.id;
    if (messageId) {
      const message = await gateway.message(messageId, "background").catch(() => null);
      if (message?.content != null) return message.content;
    }
    return thread.lastMessage?.preview ?? thread.activity.preview;
  }

  // After each drain routing runs: the conversations it waited on may be free for it now.
  const loop = createDrainLoop({ drainOnce, failure: "rules failed; their events are tried again", kickDelayMs: KICK_DELAY_MS, sweepMs: SWEEP_MS, after: () => options.routing.kick() });

  return {
    store,
    drain: loop.drain,
    kick: loop.kick,
    /** For the event feed: record what rules listen for in the claiming transaction. */
    onClaimed: queueRuleWork,
    /** Routing leaves these alone until their rules have run. */
    waitingThreads: () => store.waitingThreads(),
    start: loop.start,
    stop: loop.stop,
  };
}
