import { boolean, index, integer, jsonb, text } from "drizzle-orm/pg-core";
import { inbox, ts } from "./inbox";

/** Routing and its rules (lib/server/routing). */

/**
 * Routing (lib/server/routing), per member: whether they said they are available, the capacity
 * a manager set (open conversations assigned; null: no limit), when they were last seen (a
 * request or an open tab: idle members count as away) and when routing last gave them one.
 */
export const routingMembers = inbox.table("routing_members", {
  memberId: text("member_id").primaryKey(),
  status: text("status").notNull().default("available"),
  capacity: integer("capacity"),
  lastSeenAt: ts("last_seen_at"),
  lastAssignedAt: ts("last_assigned_at"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Routing per account link: off, roundRobin or balanced, among the members chosen; `lastMemberId` is round-robin's place. */
export const routingLinks = inbox.table("routing_links", {
  accountLinkId: text("account_link_id").primaryKey(),
  mode: text("mode").notNull().default("off"),
  memberIds: jsonb("member_ids").$type<string[]>().notNull().default([]),
  routeRequests: boolean("route_requests").notNull().default(true),
  lastMemberId: text("last_member_id"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * New conversations waiting for routing, in arrival order: put here in the same transaction
 * that claims their `thread.created` event (lib/server/events/event-cursor), so each is queued
 * once across instances and survives a restart; removed when routed, assigned by hand, or gone.
 */
export const routingQueue = inbox.table(
  "routing_queue",
  {
    threadId: text("thread_id").primaryKey(),
    accountLinkId: text("account_link_id").notNull(),
    eventId: text("event_id").notNull(),
    arrivedAt: ts("arrived_at").notNull(),
  },
  (t) => [index("routing_queue_arrived_idx").on(t.arrivedAt)],
);

/**
 * The conversations routing assigned, and to whom: what a member's capacity counts are those of
 * them still open and still theirs (lib/server/routing). One row a thread, the latest routing.
 */
export const routingAssignments = inbox.table("routing_assignments", {
  threadId: text("thread_id").primaryKey(),
  memberId: text("member_id").notNull(),
  assignedAt: ts("assigned_at").notNull(),
});

/**
 * Rules (lib/api/rules, lib/server/routing/rules): "when → if → then", run in `position` order.
 * No team column: the inbox's database belongs to the one team its token acts for, as every table here.
 */
export const routingRules = inbox.table(
  "routing_rules",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    trigger: text("trigger").notNull(),
    conditions: jsonb("conditions").notNull().default([]),
    actions: jsonb("actions").notNull().default([]),
    stopAfter: boolean("stop_after").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("routing_rules_position_idx").on(t.position)],
);

/**
 * Events rules have yet to act on: put here in the transaction that claims the event (as
 * routing's queue), so each is run once across instances and survives a restart; `done` names
 * the rules already run for it, so a drain that dies half-way does not run them again.
 */
export const ruleWork = inbox.table(
  "rule_work",
  {
    eventId: text("event_id").primaryKey(),
    trigger: text("trigger").notNull(),
    /** The conversation, or for a contact's status, the contact. */
    objectId: text("object_id").notNull(),
    threadId: text("thread_id"),
    messageId: text("message_id"),
    done: jsonb("done").$type<string[]>().notNull().default([]),
    arrivedAt: ts("arrived_at").notNull(),
  },
  (t) => [index("rule_work_arrived_idx").on(t.arrivedAt)],
);
