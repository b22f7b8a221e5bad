import "server-only";
import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { ApiEvent } from "@/lib/api/events";
import { MAX_RULES, ruleAction, ruleCondition, type Rule, type RuleDefinition, type RulePatch, type RuleTrigger } from "@/lib/api/rules";
import type { Database } from "@/lib/db/connection";
import { apiError } from "../../http/route";
import { routingRules, ruleWork } from "../../store/schema";

/** The rules (lib/api/rules) and the events they have yet to act on, in the inbox's database. */
export type RuleStore = ReturnType<typeof createRuleStore>;
export type WorkRow = typeof ruleWork.$inferSelect;
type Row = typeof routingRules.$inferSelect;

export function createRuleStore(db: Database) {
  async function find(id: string): Promise<Row> {
    const [row] = await db.select().from(routingRules).where(eq(routingRules.id, id));
    if (!row) throw apiError("ruleNotFound", `No rule ${id}.`);
    return row;
  }

  return {
    /** First to last. */
    async list(): Promise<Rule[]> {
      const rows = await db.select().from(routingRules).orderBy(asc(routingRules.position), asc(routingRules.createdAt));
      return rows.map(toRule);
    },

    async create(input: RuleDefinition): Promise<Rule> {
      const at = new Date();
      // A new rule goes last.
      const [row] = await db.transaction(async (tx) => {
        const [{ count, last }] = (await tx.select({ count: sql<number>`count(*)::int`, last: sql<number | null>`max(${routingRules.position})` }).from(routingRules)) as [{ count: number; last: number | null }];
        if (count >= MAX_RULES) throw apiError("invalidRequest", `A team keeps at most ${MAX_RULES} rules. Delete one first.`);
        return tx
          .insert(routingRules)
          .values({ id: `rule_${randomUUID().replaceAll("-", "")}`, ...input, position: (last ?? -1) + 1, createdAt: at, updatedAt: at })
          .returning();
      });
      return toRule(row!);
    },

    async update(id: string, patch: RulePatch): Promise<Rule> {
      await find(id);
      const [row] = await db.update(routingRules).set({ ...patch, updatedAt: new Date() }).where(eq(routingRules.id, id)).returning();
      if (!row) throw apiError("ruleNotFound", `No rule ${id}.`);
      return toRule(row);
    },

    async remove(id: string): Promise<void> {
      const gone = await db.delete(routingRules).where(eq(routingRules.id, id)).returning({ id: routingRules.id });
      if (gone.length === 0) throw apiError("ruleNotFound", `No rule ${id}.`);
    },

    /**
     * Puts the rules named in the order given, in the places they held among themselves; rules
     * not named keep their places. So a manager's move, sent as the list they saw, never undoes
     * a rule another manager added meanwhile.
     */
    async reorder(ruleIds: readonly string[]): Promise<Rule[]> {
      await db.transaction(async (tx) => {
        const held = await tx.select({ id: routingRules.id, position: routingRules.position }).from(routingRules).orderBy(asc(routingRules.position), asc(routingRules.createdAt)).for("update");
        const unknown = ruleIds.find((id) => !held.some((r) => r.id === id));
        if (unknown) throw apiError("ruleNotFound", `No rule ${unknown}.`);
        const named = new Set(ruleIds);
        const next = [...ruleIds];
        // Every rule's new place: the named ones fill the slots they held, in the new order.
        const order = held.map((r) => (named.has(r.id) ? next.shift()! : r.id));
        for (const [position, id] of order.entries()) await tx.update(routingRules).set({ position }).where(eq(routingRules.id, id));
      });
      return this.list();
    },

    /** Oldest first. */
    work: (limit = 100) => db.select().from(ruleWork).orderBy(asc(ruleWork.arrivedAt), asc(ruleWork.eventId)).limit(limit),
    /** The conversations with events rules have yet to act on: routing waits for those. */
    async waitingThreads(): Promise<Set<string>> {
      const rows = await db.select({ threadId: ruleWork.threadId }).from(ruleWork);
      return new Set(rows.flatMap((r) => (r.threadId ? [r.threadId] : [])));
    },
    /** Notes that a rule ran for an event, so a drain that dies after it does not run it again. */
    ran: (eventId: string, ruleId: string) =>
      db
        .update(ruleWork)
        .set({ done: sql`${ruleWork.done} || ${JSON.stringify([ruleId])}::jsonb` })
        .where(eq(ruleWork.eventId, eventId)),
    finished: async (eventIds: readonly string[]) => {
      if (eventIds.length) await db.delete(ruleWork).where(inArray(ruleWork.eventId, [...eventIds]));
    },
  };
}

/** The event types rules hear, and the trigger each is. */
const TRIGGER_OF: Record<string, RuleTrigger> = {
  "message.received": "messageReceived",
  "thread.created": "conversationCreated",
  "contact.statusChanged": "contactStatusChanged",
};

/**
 * Records the claimed events that some enabled rule listens for, inside the transaction that
 * claims them (lib/server/events/event-cursor): each is acted on once across instances, or
 * not at all when the claiming instance died first (replay claims it again).
 */
export async function queueRuleWork(tx: Database, events: readonly ApiEvent[]): Promise<void> {
  const candidates = events.filter((e) => TRIGGER_OF[e.type]);
  if (candidates.length === 0) return;
  const listened = new Set((await tx.selectDistinct({ trigger: routingRules.trigger }).from(routingRules).where(eq(routingRules.enabled, true))).map((r) => r.trigger));
  const rows = candidates.flatMap((e) => {
    const trigger = TRIGGER_OF[e.type]!;
    if (!listened.has(trigger)) return [];
    const data = (e.data ?? {}) as { threadId?: unknown; messageId?: unknown };
    const threadId = e.object.type === "thread" ? e.object.id : typeof data.threadId === "string" ? data.threadId : null;
    const at = Date.parse(e.createdAt);
    return [{ eventId: e.id, trigger, objectId: e.object.id, threadId, messageId: typeof data.messageId === "string" ? data.messageId : null, arrivedAt: new Date(Number.isFinite(at) ? at : Date.now()) }];
  });
  if (rows.length) await tx.insert(ruleWork).values(rows).onConflictDoNothing();
}

function toRule(row: Row): Rule {
  // Parsed on the way out: a condition or action this version does not know is left out, not a
  // 500, and its rule is off (without a condition it would match more than its author meant).
  const conditions = parseEach(row.conditions, ruleCondition);
  const actions = parseEach(row.actions, ruleAction);
  const whole = conditions.length === lengthOf(row.conditions) && actions.length === lengthOf(row.actions);
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    enabled: row.enabled && whole,
    trigger: row.trigger as RuleTrigger,
    conditions,
    actions,
    stopAfter: row.stopAfter,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const lengthOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

function parseEach<T>(value: unknown, schema: { safeParse(input: unknown): { success: true; data: T } | { success: false } }): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
