import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as rulesRoute from "@/app/api/inbox/rules/route";
import * as ruleRoute from "@/app/api/inbox/rules/[ruleId]/route";
import * as orderRoute from "@/app/api/inbox/rules/order/route";
import * as dryRunRoute from "@/app/api/inbox/rules/dry-run/route";
import * as activityRoute from "@/app/api/inbox/activity/route";
import * as availabilityRoute from "@/app/api/inbox/availability/route";
import * as linkRoute from "@/app/api/inbox/routing/links/[accountLinkId]/route";
import type { ActivityEntry } from "@/lib/api/activity";
import type { ApiEvent } from "@/lib/api/events";
import type { DryRunAnswer, Rule, RuleBody } from "@/lib/api/rules";
import { call, sandboxCaller, startTestBff, type TestBff } from "../../testing/bff";

/**
 * Rules end to end on the demo sandbox: who may read and change them, what bad input answers,
 * and the check — "text contains 'pricing' → add a tag, assign to Sam" — applied once
 * to a message injected through the sandbox, even when its events are heard again.
 */
let bff: TestBff;
let manager = "";
let member = "";
const ids: Record<string, string> = {};
let linkId = "";
let tagId = "";

const sandbox = (path: string, init?: { method?: string; body?: unknown }) => sandboxCaller(bff.runtime)(path, init);
const settle = async () => {
  await bff.runtime.events.replayNow();
  await bff.runtime.rules.drain();
  await bff.runtime.routing.drain();
};
const create = (body: RuleBody, cookie = manager) => call(rulesRoute, "POST", "/api/inbox/rules", { cookie, body });
const list = async () => ((await (await call(rulesRoute, "GET", "/api/inbox/rules", { cookie: manager })).json()) as { data: Rule[] }).data;
const inbound = async (platformId: string, content: string) =>
  ((await sandbox("/_sandbox/inbound", { method: "POST", body: { accountLinkId: linkId, profile: { platformId, displayName: `Asker ${platformId}` }, content } })) as { thread: { id: string; contactId: string } }).thread;

beforeAll(async () => {
  bff = await startTestBff();
  bff.runtime.events.stop();
  await bff.runtime.events.replayNow();
  manager = await bff.signIn("marcus");
  member = await bff.signIn("sam");
  const members = (await sandbox("/v2/members?limit=100")) as { data: { id: string; email: string }[] };
  ids.sam = members.data.find((m) => m.email === "sam@acme.test")!.id;
  ids.jonas = members.data.find((m) => m.email === "jonas@acme.test")!.id;
  linkId = ((await sandbox("/v2/account-links?limit=100")) as { data: { id: string; status: string }[] }).data.find((l) => l.status === "active")!.id;
  tagId = ((await sandbox("/v2/tags", { method: "POST", body: { name: "Pricing question" } })) as { id: string }).id;
  await bff.runtime.gateway.index.ready();
}, 90_000);
afterAll(() => bff?.close());

describe("rules endpoints", () => {
  const body: RuleBody = { name: "Archive spam", trigger: "messageReceived", conditions: [{ type: "textContains", text: "casino" }], actions: [{ type: "archive" }] };

  it("refuses members and outsiders", async () => {
    expect((await call(rulesRoute, "GET", "/api/inbox/rules", { cookie: member })).status).toBe(403);
    const refused = await create(body, member);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "forbidden", message: "Only managers and admins can see or change rules." });
    expect((await call(dryRunRoute, "POST", "/api/inbox/rules/dry-run", { cookie: member, body })).status).toBe(403);
    expect((await call(rulesRoute, "GET", "/api/inbox/rules", { cookie: null })).status).toBe(401);
    expect((await call(orderRoute, "PUT", "/api/inbox/rules/order", { cookie: null, body: { ruleIds: [] } })).status).toBe(401);
  });

  it("answers bad input with the error body, never a 500", async () => {
    const noActions = await create({ ...body, actions: [] });
    expect(noActions.status).toBe(400);
    expect(await noActions.json()).toMatchObject({ code: "invalidRequest", message: expect.stringContaining("Add at least one action.") });
    const badType = await create({ ...body, conditions: [{ type: "moonPhase" } as never] });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ code: "invalidRequest", message: expect.stringContaining("A condition's type is") });
    expect((await create({ ...body, trigger: "sometimes" as never })).status).toBe(400);
    expect((await create({ ...body, unknown: 1 } as never)).status).toBe(400);
    const nobody = await create({ ...body, actions: [{ type: "assign", memberId: "mem9999" }] });
    expect(nobody.status).toBe(404);
    expect(await nobody.json()).toMatchObject({ code: "memberNotFound" });
    expect((await create({ ...body, actions: [{ type: "addTag", tagId: "tag9999" }] })).status).toBe(404);
    const missing = await call(ruleRoute, "PATCH", "/api/inbox/rules/rule_none", { cookie: manager, params: { ruleId: "rule_none" }, body: { enabled: false } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "ruleNotFound" });
  });

  it("lets a manager create, change, reorder and delete rules", async () => {
    const first = (await (await create(body)).json()) as Rule;
    const second = (await (await create({ ...body, name: "Second", stopAfter: true })).json()) as Rule;
    expect([first.position, second.position]).toEqual([0, 1]);
    expect(second).toMatchObject({ enabled: true, stopAfter: true, trigger: "messageReceived" });

    const patched = await call(ruleRoute, "PATCH", `/api/inbox/rules/${first.id}`, { cookie: manager, params: { ruleId: first.id }, body: { enabled: false, name: "Renamed" } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: first.id, enabled: false, name: "Renamed" });

    const reordered = await call(orderRoute, "PUT", "/api/inbox/rules/order", { cookie: manager, body: { ruleIds: [second.id, first.id] } });
    expect(reordered.status).toBe(200);
    expect(((await reordered.json()) as { data: Rule[] }).data.map((r) => r.id)).toEqual([second.id, first.id]);
    // An order naming some rules moves those among their own places; a rule added meanwhile keeps its place.
    const third = (await (await create({ ...body, name: "Third" })).json()) as Rule;
    const moved = await call(orderRoute, "PUT", "/api/inbox/rules/order", { cookie: manager, body: { ruleIds: [third.id, second.id] } });
    expect(((await moved.json()) as { data: Rule[] }).data.map((r) => r.id)).toEqual([third.id, first.id, second.id]);
    expect((await call(orderRoute, "PUT", "/api/inbox/rules/order", { cookie: manager, body: { ruleIds: ["rule_gone"] } })).status).toBe(404);

    for (const rule of [first, second, third]) expect((await call(ruleRoute, "DELETE", `/api/inbox/rules/${rule.id}`, { cookie: manager, params: { ruleId: rule.id } })).status).toBe(204);
    expect(await list()).toEqual([]);
    expect((await call(ruleRoute, "DELETE", `/api/inbox/rules/${first.id}`, { cookie: manager, params: { ruleId: first.id } })).status).toBe(404);
  });
});

describe("rules at work", () => {
  it("text contains 'pricing' → add a tag and assign to Sam: applied once, even when the events are heard again", async () => {
    const made = await create({
      name: "Pricing to Sam",
      trigger: "messageReceived",
      conditions: [{ type: "textContains", text: "pricing" }],
      actions: [{ type: "addTag", tagId }, { type: "assign", memberId: ids.sam! }],
    });
    expect(made.status).toBe(201);

    const before = ((await sandbox("/v2/events?afterSeq=0&limit=1&type=none")) as { lastSeq: number }).lastSeq;
    const asked = await inbound("rules-pricing", "Hello! What is your PRICING for a team of five?");
    const other = await inbound("rules-other", "Do you ship to Norway?");
    const budget = vi.spyOn(bff.runtime.gateway.budget, "run");
    await settle();
    // The rule's writes wait behind members' own: background priority, never a member's `write`.
    expect(budget.mock.calls.map(([priority]) => priority)).not.toContain("write");
    budget.mockRestore();

    const thread = bff.runtime.gateway.index.get(asked.id)!;
    expect(thread.assigneeId).toBe(ids.sam);
    expect(thread.assigneeSource).toBe("thread");
    expect(((await sandbox(`/v2/contacts/${asked.contactId}`)) as { tagIds: string[] }).tagIds).toContain(tagId);
    expect(bff.runtime.gateway.index.get(other.id)?.assigneeId ?? null).toBeNull();

    // The same events again, as a second webhook delivery would bring them: nothing runs twice.
    await bff.runtime.events.replayNow();
    const events = ((await sandbox(`/v2/events?afterSeq=${before}&limit=1000`)) as { data: ApiEvent[] }).data;
    expect(await bff.runtime.events.ingest(events, "webhook")).toEqual([]);
    await settle();
    const all = ((await sandbox(`/v2/events?afterSeq=${before}&limit=1000`)) as { data: ApiEvent[] }).data;
    expect(all.filter((e) => e.type === "thread.assigned" && e.object.id === asked.id)).toHaveLength(1);
    expect(all.filter((e) => e.type === "contact.tagsChanged" && e.object.id === asked.contactId)).toHaveLength(1);
    expect(await bff.runtime.rules.store.work()).toEqual([]);

    // The log names the rule as the actor, once per action.
    const log = (await (await call(activityRoute, "GET", `/api/inbox/activity?threadId=${asked.id}&limit=50`, { cookie: manager })).json()) as { data: ActivityEntry[] };
    const byRule = log.data.filter((e) => e.userName === "Rule “Pricing to Sam”");
    expect(byRule.map((e) => e.action).sort()).toEqual(["contacts.addTag", "threads.update"]);
    expect(byRule.find((e) => e.action === "threads.update")?.after).toEqual({ assigneeId: ids.sam });
  });

  it("runs in order and stops after a rule that says so; a failing action does not stop the others", async () => {
    for (const rule of await list()) await call(ruleRoute, "DELETE", `/api/inbox/rules/${rule.id}`, { cookie: manager, params: { ruleId: rule.id } });
    await create({ name: "Snooze refunds", trigger: "messageReceived", conditions: [{ type: "textContains", text: "refund" }], actions: [{ type: "snooze", hours: 4 }], stopAfter: true });
    await create({ name: "Never reached", trigger: "messageReceived", conditions: [{ type: "textContains", text: "refund" }], actions: [{ type: "archive" }] });
    const tagged = (await (await create({ name: "Tag, then a gone status", trigger: "conversationCreated", conditions: [{ type: "unassigned", unassigned: true }], actions: [{ type: "addTag", tagId }] })).json()) as Rule;
    // The status exists when the rule is saved, and is deleted before the rule runs: that action fails, the tag still goes on.
    const status = (await sandbox("/v2/statuses", { method: "POST", body: { name: "Short-lived" } })) as { id: string };
    await call(ruleRoute, "PATCH", `/api/inbox/rules/${tagged.id}`, { cookie: manager, params: { ruleId: tagged.id }, body: { actions: [{ type: "setStatus", statusId: status.id }, { type: "addTag", tagId }] } });
    await sandbox(`/v2/statuses/${status.id}`, { method: "DELETE" });

    const asked = await inbound("rules-refund", "I would like a refund please");
    await settle();
    const snoozes = await bff.runtime.snoozes.list();
    expect(snoozes.find((s) => s.threadId === asked.id)).toMatchObject({ state: "waiting", by: { name: "Rule “Snooze refunds”" } });
    expect(bff.runtime.gateway.index.get(asked.id)?.archived).toBe(false);
    expect(((await sandbox(`/v2/contacts/${asked.contactId}`)) as { tagIds: string[] }).tagIds).toContain(tagId);
    const log = (await (await call(activityRoute, "GET", `/api/inbox/activity?threadId=${asked.id}&limit=50`, { cookie: manager })).json()) as { data: ActivityEntry[] };
    expect(log.data.find((e) => e.action === "rules.actionFailed")).toMatchObject({ userName: "Rule “Tag, then a gone status”", after: { action: "setStatus", code: "statusNotFound" } });
  });

  it("dry run: the recent conversations a rule would match, from the inbox's own data", async () => {
    const budget = vi.spyOn(bff.runtime.gateway.budget, "run");
    const answer = await call(dryRunRoute, "POST", "/api/inbox/rules/dry-run", { cookie: manager, body: { name: "", trigger: "messageReceived", conditions: [{ type: "textContains", text: "pricing for a team" }] } });
    expect(answer.status).toBe(200);
    const { looked, matched } = (await answer.json()) as DryRunAnswer;
    expect(budget).not.toHaveBeenCalled();
    budget.mockRestore();
    expect(looked).toBeGreaterThan(1);
    expect(matched.map((m) => m.contactName)).toEqual(["Asker rules-pricing"]);
  });

  it("runs before routing: an assign keeps a conversation from routing, autoAssign hands one to it", async () => {
    for (const rule of await list()) await call(ruleRoute, "DELETE", `/api/inbox/rules/${rule.id}`, { cookie: manager, params: { ruleId: rule.id } });
    // Routing on: balanced on the link, Jonas alone and available.
    const jonas = await bff.signIn("jonas");
    expect((await call(availabilityRoute, "PUT", "/api/inbox/availability", { cookie: jonas, body: { status: "available" } })).status).toBe(200);
    expect((await call(linkRoute, "PUT", `/api/inbox/routing/links/${linkId}`, { cookie: manager, params: { accountLinkId: linkId }, body: { mode: "balanced", memberIds: [ids.jonas] } })).status).toBe(200);
    await create({ name: "Urgent to Sam", trigger: "conversationCreated", conditions: [{ type: "textContains", text: "urgent" }], actions: [{ type: "assign", memberId: ids.sam! }] });
    await create({ name: "Route on request", trigger: "messageReceived", conditions: [{ type: "textContains", text: "route me" }], actions: [{ type: "autoAssign" }] });
    const waiting = bff.runtime.gateway.index.all().find((t) => t.accountLinkId === linkId && !t.assigneeId && !t.archived && !t.isRequest)!;
    expect(waiting).toBeDefined();

    const urgent = await inbound("rules-urgent", "This is urgent, please call me");
    const plain = await inbound("rules-plain", "Just saying hello");
    await sandbox("/_sandbox/inbound", { method: "POST", body: { threadId: waiting.id, content: "Could you route me to someone?" } });
    await settle();

    expect(bff.runtime.gateway.index.get(urgent.id)?.assigneeId).toBe(ids.sam);
    expect(bff.runtime.gateway.index.get(plain.id)?.assigneeId).toBe(ids.jonas);
    expect(bff.runtime.gateway.index.get(waiting.id)?.assigneeId).toBe(ids.jonas);
    expect(await bff.runtime.routing.store.queue()).toEqual([]);
    // Routing never touched the one the rule assigned: its only assignment is the rule's.
    const log = (await (await call(activityRoute, "GET", `/api/inbox/activity?threadId=${urgent.id}&limit=50`, { cookie: manager })).json()) as { data: ActivityEntry[] };
    expect(log.data.filter((e) => e.action === "threads.update").map((e) => e.userName)).toEqual(["Rule “Urgent to Sam”"]);
    await call(linkRoute, "PUT", `/api/inbox/routing/links/${linkId}`, { cookie: manager, params: { accountLinkId: linkId }, body: { mode: "off", memberIds: [] } });
  });

  it("on a contact's status change, acts on the contact's latest conversation", async () => {
    for (const rule of await list()) await call(ruleRoute, "DELETE", `/api/inbox/rules/${rule.id}`, { cookie: manager, params: { ruleId: rule.id } });
    const won = (await sandbox("/v2/statuses", { method: "POST", body: { name: "Won (rules)" } })) as { id: string };
    await create({ name: "Won is done", trigger: "contactStatusChanged", conditions: [{ type: "status", statusIds: [won.id] }], actions: [{ type: "archive" }] });
    const asked = await inbound("rules-won", "Deal!");
    await settle();
    expect(bff.runtime.gateway.index.get(asked.id)?.archived).toBe(false);
    await sandbox(`/v2/contacts/${asked.contactId}`, { method: "PATCH", body: { status: won.id } });
    await settle();
    expect(bff.runtime.gateway.index.get(asked.id)?.archived).toBe(true);
  });
});
