import { describe, expect, it } from "vitest";
import { createApiClient, type ApiClient, type ApiResult } from "../client";
import { campaignFixture, importJobFixture, leadFixture, listFixture } from "../testing/outreach-fixtures";

/** The typed client's outreach calls: each method's request as sent, and its answer parsed. */
const BASE = "https://api.example.com/v2";
const GROUPS = ["lists", "importJobs", "campaigns"] as const;
const page = <T>(item: T) => ({ data: [item], nextCursor: null });
const ok = { success: true };

type Case = { name: string; call: (client: ApiClient) => Promise<ApiResult<unknown>>; method: string; url: string; response: unknown; requestBody?: unknown };

const query = { groups: [{ type: "or" as const, filters: [{ field: "followers" as const, op: "gte" as const, value: 1000 }] }] };
const CASES: Case[] = [
  { name: "lists.list", call: (c) => c.lists.list({ limit: 20 }), method: "GET", url: "/lists?limit=20", response: page(listFixture()) },
  { name: "lists.get", call: (c) => c.lists.get("lst1"), method: "GET", url: "/lists/lst1", response: listFixture() },
  {
    name: "lists.leads",
    call: (c) => c.lists.leads("lst1", { limit: 100, search: "taya", sort: "followers:asc", query }),
    method: "GET",
    url: `/lists/lst1/leads?limit=100&search=taya&sort=followers%3Aasc&query=${encodeURIComponent(JSON.stringify(query))}`,
    response: page(leadFixture()),
  },
  { name: "importJobs.list", call: (c) => c.importJobs.list("lst1"), method: "GET", url: "/lists/lst1/import-jobs", response: page(importJobFixture()) },
  { name: "importJobs.get", call: (c) => c.importJobs.get("lst1", "imp1"), method: "GET", url: "/lists/lst1/import-jobs/imp1", response: importJobFixture() },
  { name: "importJobs.resume", call: (c) => c.importJobs.resume("lst1", "imp1"), method: "POST", url: "/lists/lst1/import-jobs/imp1/resume", requestBody: {}, response: { ...importJobFixture(), status: "starting" } },
  { name: "importJobs.bulkResume", call: (c) => c.importJobs.bulkResume("lst1"), method: "POST", url: "/lists/lst1/import-jobs/bulk-resume", requestBody: {}, response: ok },
  { name: "campaigns.list", call: (c) => c.campaigns.list(), method: "GET", url: "/campaigns", response: page(campaignFixture()) },
  { name: "campaigns.get", call: (c) => c.campaigns.get("cmp1"), method: "GET", url: "/campaigns/cmp1", response: campaignFixture() },
  { name: "campaigns.sync", call: (c) => c.campaigns.sync("cmp1"), method: "POST", url: "/campaigns/cmp1/sync", requestBody: {}, response: campaignFixture() },
  {
    name: "campaigns.cancelLead",
    call: (c) => c.campaigns.cancelLead("cmp1", "taya.m", { by: "username", platform: "instagram" }),
    method: "POST",
    url: "/campaigns/cmp1/leads/taya.m/cancel",
    requestBody: { by: "username", platform: "instagram" },
    response: ok,
  },
  { name: "campaigns.deleteColumn", call: (c) => c.campaigns.deleteColumn("cmp1", "col1"), method: "DELETE", url: "/campaigns/cmp1/columns/col1", response: ok },
];

describe("the outreach client", () => {
  it("has a case for every outreach method", () => {
    const client = createApiClient({ baseUrl: BASE });
    const methods = GROUPS.flatMap((group) => Object.keys(client[group]).map((name) => `${group}.${name}`));
    expect(CASES.map((c) => c.name).sort()).toEqual(methods.sort());
  });

  it.each(CASES)("$name: $method $url", async ({ call, method, url, response, requestBody }) => {
    const calls: { url: string; method: string; body: string | undefined }[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? "GET", body: typeof init?.body === "string" ? init.body : undefined });
      return Response.json(response);
    };
    const result = await call(createApiClient({ baseUrl: BASE, token: "tok", fetch }));
    expect(calls).toEqual([{ url: `${BASE}${url}`, method, body: requestBody === undefined ? undefined : JSON.stringify(requestBody) }]);
    expect(result.body).toEqual(response);
  });

  it("refuses a bad ID, an empty identifier and a malformed filter before anything is sent", async () => {
    let sent = 0;
    const client = createApiClient({ baseUrl: BASE, fetch: async () => (sent++, Response.json({})) });
    await expect(client.lists.get("NOT AN ID")).rejects.toMatchObject({ code: "invalidRequest" });
    await expect(client.campaigns.cancelLead("cmp1", "  ")).rejects.toMatchObject({ code: "invalidRequest" });
    await expect(client.lists.leads("lst1", { sort: "shoeSize" })).rejects.toMatchObject({ code: "invalidRequest" });
    expect(sent).toBe(0);
  });
});
