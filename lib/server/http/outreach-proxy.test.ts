import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v2 from "@/app/api/v2/[...path]/route";
import { createApiClient } from "@/lib/api/client";
import { ApiError } from "@/lib/api/errors";
import { errorBody } from "@/lib/api/error-schemas";
import { campaign as campaignSchema } from "@/lib/api/outreach/campaigns";
import { importJob } from "@/lib/api/outreach/import-jobs";
import { lead as leadSchema, list as listSchema } from "@/lib/api/outreach/leads";
import { page } from "@/lib/api/primitives";
import { call, startTestBff, underAssignedAndUnassigned, type TestBff } from "../testing/bff";

/**
 * Outreach through the BFF (issue 15): the policy table's rows for lists, leads, import jobs
 * and campaigns, member visibility on leads, validation before anything goes upstream, and the
 * shared cache dropping what a write changed.
 */
let bff: TestBff;
const cookies = { admin: "", manager: "", member: "" };
let samId = "";
let listId = "";

const get = (path: string, cookie: string | null) => call(v2, "GET", `/api/v2${path}`, { cookie });
const post = (path: string, cookie: string | null, body?: unknown) => call(v2, "POST", `/api/v2${path}`, { cookie, body });
const json = async (response: Response) => (await response.json()) as unknown;
const leadsOf = async (response: Response) => page(leadSchema).parse(await json(response)).data;
const assignedQuery = encodeURIComponent(JSON.stringify({ groups: [{ filters: [{ field: "assignee", op: "notEmpty" }] }] }));

beforeAll(async () => {
  bff = await startTestBff();
  cookies.admin = await bff.signIn("olivia");
  cookies.manager = await bff.signIn("marcus");
  cookies.member = await bff.signIn("sam");
  samId = (await bff.runtime.users.get("sam@acme.test"))!.memberId!;
  const lists = page(listSchema).parse(await json(await get("/lists", cookies.member))).data;
  listId = lists[0]!.id;
});
afterAll(() => bff.close());

describe("reading outreach", () => {
  it("lets a member read lists, a list's leads, its import jobs and the campaigns", async () => {
    const list = listSchema.parse(await json(await get(`/lists/${listId}`, cookies.member)));
    expect(list.profilesCount).toBeGreaterThan(0);
    expect((await leadsOf(await get(`/lists/${listId}/leads?limit=5&sort=followers:asc`, cookies.member))).length).toBe(5);
    const jobs = page(importJob).parse(await json(await get(`/lists/${listId}/import-jobs`, cookies.member))).data;
    expect(jobs.length).toBeGreaterThan(0);
    const campaigns = page(campaignSchema).parse(await json(await get("/campaigns", cookies.member))).data;
    expect(campaigns.map((c) => c.id)).toContain("cmp0001");
  });

  it("answers a second read of a campaign from the shared cache", async () => {
    await get("/campaigns/cmp0002", cookies.manager);
    const again = await get("/campaigns/cmp0002", cookies.member);
    expect(again.headers.get("x-cache")).toBe("hit");
  });

  it("refuses without a session, and malformed reads before anything goes upstream", async () => {
    expect((await get("/lists", null)).status).toBe(401);
    const bad = await get(`/lists/${listId}/leads?query=${encodeURIComponent("{not json")}`, cookies.member);
    expect(bad.status).toBe(400);
    expect(errorBody.parse(await json(bad)).code).toBe("invalidRequest");
    expect((await get(`/lists/${listId}/leads?sort=shoeSize`, cookies.member)).status).toBe(400);
    expect((await get(`/lists/${listId}/leads?colour=red`, cookies.member)).status).toBe(400);
    expect((await get("/lists/NOT-AN-ID", cookies.member)).status).toBe(400);
  });
});

describe("outreach changes are the managers'", () => {
  it("refuses a member's resume, sequence stop and column delete with a sentence", async () => {
    const refusals = [
      [await post(`/lists/${listId}/import-jobs/imp0001/resume`, cookies.member, {}), "Only managers can resume import jobs."],
      [await post(`/lists/${listId}/import-jobs/bulk-resume`, cookies.member), "Only managers can resume import jobs."],
      [await post("/campaigns/cmp0001/leads/someone/cancel", cookies.member, { by: "username" }), "Only managers can stop a lead's sequence."],
      [await call(v2, "DELETE", "/api/v2/campaigns/cmp0001/columns/col0001", { cookie: cookies.member }), "Only managers can delete custom columns."],
    ] as const;
    for (const [response, sentence] of refusals) {
      expect(response.status).toBe(403);
      expect(errorBody.parse(await json(response)).message).toBe(sentence);
    }
  });

  it("lets a manager resume a paused job with the body left out, and the next read shows it", async () => {
    const jobs = page(importJob).parse(await json(await get(`/lists/${listId}/import-jobs`, cookies.manager))).data;
    const paused = jobs.find((job) => job.status === "paused");
    expect(paused, "the seed has a paused job").toBeDefined();
    const resumed = await post(`/lists/${listId}/import-jobs/${paused!.id}/resume`, cookies.manager);
    expect(resumed.status).toBe(200);
    expect(["starting", "queued"]).toContain(importJob.parse(await json(resumed)).status);
    const after = importJob.parse(await json(await get(`/lists/${listId}/import-jobs/${paused!.id}`, cookies.member)));
    expect(after.status).not.toBe("paused");
  });

  it("refuses a body field the action does not take, and an identifier past 200 characters", async () => {
    expect((await post("/campaigns/cmp0001/sync", cookies.member, { force: true })).status).toBe(400);
    expect((await post(`/campaigns/cmp0001/leads/${"x".repeat(201)}/cancel`, cookies.manager, {})).status).toBe(400);
  });

  it("stops a lead's sequence, and the lead reads as canceled at once", async () => {
    const query = encodeURIComponent(JSON.stringify({ groups: [{ filters: [{ field: "campaigns", op: "any", value: ["cmp0001"] }] }] }));
    const leads = await leadsOf(await get(`/lists/${listId}/leads?limit=20&query=${query}`, cookies.manager));
    const target = leads.find((l) => l.stage !== "canceled" && l.prospect.username);
    expect(target).toBeDefined();
    const stop = await post(`/campaigns/cmp0001/leads/${encodeURIComponent(target!.prospect.username!)}/cancel`, cookies.manager, { by: "username", platform: target!.prospect.platform });
    expect(stop.status, await stop.clone().text()).toBe(200);
    const again = await leadsOf(await get(`/lists/${listId}/leads?limit=20&query=${query}`, cookies.manager));
    expect(again.find((l) => l.id === target!.id)?.stage).toBe("canceled");
  });
});

describe("deleting a custom column", () => {
  it("purges the column from the list and from every lead, for a manager", async () => {
    const campaigns = page(campaignSchema).parse(await json(await get("/campaigns", cookies.manager))).data;
    const lists = page(listSchema).parse(await json(await get("/lists", cookies.manager))).data;
    const using = lists.flatMap((list) => campaigns.filter((c) => c.lists.some((l) => l.listId === list.id)).map((c) => ({ list, campaign: c })));
    const target = using.find(({ list }) => Object.keys(list.columns).length > 0);
    expect(target, "a campaign uses a list with custom columns").toBeDefined();
    const { list, campaign } = target!;
    const [key, column] = Object.entries(list.columns)[0]!;

    const removed = await call(v2, "DELETE", `/api/v2/campaigns/${campaign.id}/columns/${column.id}`, { cookie: cookies.manager });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(listSchema.parse(await json(await get(`/lists/${list.id}`, cookies.member))).columns[key]).toBeUndefined();
    const leads = await leadsOf(await get(`/lists/${list.id}/leads?limit=100`, cookies.member));
    expect(leads.some((l) => key in l.data)).toBe(false);
    const again = await call(v2, "DELETE", `/api/v2/campaigns/${campaign.id}/columns/${column.id}`, { cookie: cookies.manager });
    expect(errorBody.parse(await json(again)).code).toBe("columnNotFound");
  });
});

describe("the typed client's outreach calls", () => {
  /** The browser's client, its requests handed to the BFF's route as the manager's. */
  const client = () =>
    createApiClient({
      baseUrl: "/api/v2",
      fetch: async (input, init) => {
        const url = new URL(String(input), "http://inbox.test");
        const body = typeof init?.body === "string" ? init.body : undefined;
        return call(v2, (init?.method ?? "GET") as "GET", `${url.pathname}${url.search}`, { cookie: cookies.manager, body });
      },
    });

  it("reads leads with a search, a sort and a two-group filter the BFF accepts", async () => {
    const query = { groups: [{ type: "or" as const, filters: [{ field: "followers" as const, op: "gte" as const, value: 0 }, { field: "reachable" as const, op: "is" as const, value: true }] }, { type: "and" as const, filters: [{ field: "name" as const, op: "notEmpty" as const }] }] };
    const result = await client().lists.leads(listId, { limit: 10, sort: "displayName.keyword:asc", query, search: "a" });
    expect(result.body.data.length).toBeGreaterThan(0);
    const names = result.body.data.map((l) => l.prospect.displayName ?? "");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  });

  it("syncs a campaign and answers a missing one with the API's code", async () => {
    expect((await client().campaigns.sync("cmp0001")).body.id).toBe("cmp0001");
    const missing = await client().campaigns.get("cmp9999").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).code).toBe("campaignNotFound");
  });
});

describe("leads under assignedAndUnassigned", () => {
  underAssignedAndUnassigned(() => cookies.admin);

  it("leaves out of a member's page the leads assigned to someone else", async () => {
    const all = await leadsOf(await get(`/lists/${listId}/leads?limit=100&query=${assignedQuery}`, cookies.manager));
    const others = all.filter((l) => l.context.assigneeId !== samId);
    expect(others.length, "the seed assigns some leads' people").toBeGreaterThan(0);
    const seen = await leadsOf(await get(`/lists/${listId}/leads?limit=100&query=${assignedQuery}`, cookies.member));
    expect(seen.every((l) => l.context.assigneeId === samId)).toBe(true);
  });
});
