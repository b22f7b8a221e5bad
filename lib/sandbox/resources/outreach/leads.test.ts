import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lead as leadSchema, list as listSchema, LEAD_SORT_FIELDS, type Lead, type LeadQuery } from "@/lib/api/outreach/leads";
import { successResult } from "@/lib/api/outreach/import-jobs";
import { page } from "@/lib/api/primitives";
import { outreachLeads } from "../../schema";
import { expectError, expectOk, sandboxForFile, TOKENS } from "../../testing/harness";

const t = sandboxForFile();
let acmeId: string;
const listPage = page(listSchema);
const leadPage = page(leadSchema);

beforeAll(async () => {
  acmeId = (await t.teamIds()).acme;
  // Imports add leads as real time passes; paused, they leave the lists still while these tests page through them.
  for (const list of ["lst0001", "lst0002", "lst0003"]) {
    expectOk(await t.request("POST", `/lists/${list}/import-jobs/bulk-pause`, { body: {} }), successResult);
  }
}, 120_000);

async function all(listId: string, params = ""): Promise<Lead[]> {
  const items: Lead[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/lists/${listId}/leads?limit=100${params}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const body = expectOk(await t.request("GET", url), leadPage);
    items.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return items;
}

const q = (query: LeadQuery | Record<string, unknown>) => `&query=${encodeURIComponent(JSON.stringify(query))}`;

describe("outreach plan", () => {
  it("answers 403 planRequired to a team without the outreach add-on, on every outreach path", async () => {
    for (const [method, path] of [
      ["GET", "/lists"],
      ["GET", "/lists/lst0001"],
      ["GET", "/lists/lst0001/leads"],
      ["GET", "/lists/lst0001/import-jobs"],
      ["POST", "/lists/lst0001/import-jobs/imp0004/resume"],
      ["POST", "/lists/lst0001/import-jobs/bulk-resume"],
      ["GET", "/campaigns"],
      ["POST", "/campaigns/cmp0001/sync"],
      ["POST", "/campaigns/cmp0001/leads/someone/cancel"],
      ["DELETE", "/campaigns/cmp0001/columns/col0001"],
    ] as const) {
      const body = expectError(await t.request(method, path, { token: TOKENS.globex, body: method === "GET" ? undefined : {} }), 403, "planRequired");
      expect(body.details).toEqual({ addOn: "outreach" });
    }
    // Globex's other endpoints are untouched by the outreach gate.
    expect((await t.request("GET", "/tags", { token: TOKENS.globex })).status).toBe(200);
    expectError(await t.request("GET", "/lists", { token: null }), 401, "unauthorized");
    expectError(await t.request("GET", "/lists", { token: TOKENS.locked }), 403, "workspaceLocked");
  });
});

describe("GET /lists and /lists/{listId}", () => {
  it("lists the four seeded lists, paged by ID, each readable alone", async () => {
    const lists = expectOk(await t.request("GET", "/lists"), listPage).data;
    expect(lists.map((l) => l.name)).toEqual(["Founders & CEOs", "SaaS webinar attendees", "Podcast guests", "Do not contact"]);
    const big = lists[0]!;
    expect(big.profilesCount).toBeGreaterThanOrEqual(2_000);
    expect(Object.keys(big.columns)).toEqual(Object.values(big.columns).map((c) => `custom_${c.id}`));
    expect(Object.values(big.columns).map((c) => c.name)).toEqual(["Company", "Role", "Deal size"]);
    expect(big.reachableEstimate).toBeGreaterThanOrEqual(big.reachableCount);
    for (const list of lists) expect(expectOk(await t.request("GET", `/lists/${list.id}`), listSchema)).toEqual(list);

    const first = expectOk(await t.request("GET", "/lists?limit=3"), listPage);
    expect(first.data).toHaveLength(3);
    const second = expectOk(await t.request("GET", `/lists?limit=3&cursor=${first.nextCursor}`), listPage);
    expect(second.data.map((l) => l.id)).toEqual([lists[3]!.id]);
    expect(second.nextCursor).toBeNull();
    expectError(await t.request("GET", `/campaigns?cursor=${first.nextCursor}`), 400, "invalidCursor");
  });

  it("answers 404 listNotFound for an unknown or malformed list ID", async () => {
    for (const path of ["/lists/lst9999", "/lists/LST0001", "/lists/lst0001x/leads", "/lists/nope/import-jobs"]) {
      expectError(await t.request("GET", path), 404, "listNotFound");
    }
  });

  it("counts what is really in the list", async () => {
    const list = expectOk(await t.request("GET", "/lists/lst0002"), listSchema);
    const leads = await all("lst0002");
    expect(leads).toHaveLength(list.profilesCount);
    expect(leads.filter((l) => l.reachable)).toHaveLength(list.reachableCount);
  });
});

describe("GET /lists/{listId}/leads", () => {
  it("pages 1–100 (default 50) by followers descending, without gaps or repeats", async () => {
    const firstPage = expectOk(await t.request("GET", "/lists/lst0001/leads"), leadPage);
    expect(firstPage.data).toHaveLength(50);
    const leads = await all("lst0001");
    const list = expectOk(await t.request("GET", "/lists/lst0001"), listSchema);
    expect(leads).toHaveLength(list.profilesCount);
    expect(new Set(leads.map((l) => l.id)).size).toBe(leads.length);
    expect(leads.slice(0, 50)).toEqual(firstPage.data);
    const followers = leads.map((l) => l.prospect.followerCount ?? -1);
    expect(followers).toEqual([...followers].sort((a, b) => b - a));
    expect(leads.at(-1)!.prospect.followerCount).toBeNull();
    const withData = leads.find((l) => Object.keys(l.data).length === 3)!;
    expect(Object.keys(withData.data).sort()).toEqual(Object.keys(list.columns).sort());
  });

  it("sorts by each of the ten fields, both ways, ties by ID, across pages", async () => {
    const value = (lead: Lead, field: (typeof LEAD_SORT_FIELDS)[number]): string | number => {
      const p = lead.prospect;
      const text = (v: string | null) => v ?? "";
      const time = (v: string | null) => (v ? Date.parse(v) : -Infinity);
      switch (field) {
        case "displayName.keyword": return text(p.displayName);
        case "username.keyword": return text(p.username);
        case "location.keyword": return text(p.location);
        case "followers": return p.followerCount ?? -1;
        case "following": return p.followingCount ?? -1;
        case "posts": return p.postCount ?? -1;
        case "createdAt": return time(lead.createdAt);
        case "lastActiveAt": return time(p.lastActiveAt);
        case "lastContactedAt": return time(lead.lastContactedAt);
        case "valuation": return lead.context.valuation ?? -Infinity;
      }
    };
    const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    for (const field of LEAD_SORT_FIELDS) {
      for (const direction of ["asc", "desc"] as const) {
        const leads = await all("lst0002", `&sort=${field}:${direction}`);
        expect(leads.length).toBeGreaterThan(250);
        const sign = direction === "asc" ? 1 : -1;
        for (let i = 1; i < leads.length; i++) {
          const order = compare(value(leads[i - 1]!, field), value(leads[i]!, field)) || compare(leads[i - 1]!.id, leads[i]!.id);
          expect(order * sign, `${field}:${direction} at ${i}`).toBeLessThan(0);
        }
      }
    }
    // A bare field sorts descending.
    expect(await all("lst0003", "&sort=posts")).toEqual(await all("lst0003", "&sort=posts:desc"));
  });

  it("searches name, username and bio, case-insensitively, and nothing else", async () => {
    const leads = await all("lst0001");
    for (const term of ["FOUNDER", "an", "kshlerin", "nobody-has-this", "100%"]) {
      const found = await all("lst0001", `&search=${encodeURIComponent(term)}`);
      const expected = leads.filter((l) => [l.prospect.displayName, l.prospect.username, l.prospect.bio].some((v) => v?.toLowerCase().includes(term.toLowerCase())));
      expect(found.map((l) => l.id).sort(), term).toEqual(expected.map((l) => l.id).sort());
    }
  });

  it("filters with the structured query: groups of and/or, ANDed together", async () => {
    const leads = await all("lst0002");
    const inFounders = new Set((await all("lst0001")).map((l) => `${l.prospect.platform}|${l.prospect.platformId}`));
    expect(leads.filter((l) => inFounders.has(`${l.prospect.platform}|${l.prospect.platformId}`)).length).toBeGreaterThanOrEqual(80);
    const [tagged] = leads.filter((l) => l.context.tags.length > 0);
    const tagId = tagged!.context.tags[0]!;
    const cases: [LeadQuery, (l: Lead) => boolean][] = [
      [
        {
          groups: [
            { type: "or", filters: [{ field: "bio", op: "contains", value: "founder" }, { field: "followers", op: "gte", value: 50_000 }] },
            { type: "and", filters: [{ field: "verification", op: "in", value: ["none"] }, { field: "reachable", op: "is", value: true }] },
          ],
        },
        (l) =>
          (Boolean(l.prospect.bio?.toLowerCase().includes("founder")) || (l.prospect.followerCount ?? -1) >= 50_000) &&
          l.prospect.verified === "none" &&
          l.reachable,
      ],
      [{ groups: [{ type: "and", filters: [{ field: "followers", op: "between", value: [1000, 100] }] }] }, (l) => (l.prospect.followerCount ?? -1) >= 100 && (l.prospect.followerCount ?? -1) <= 1000],
      [{ groups: [{ type: "and", filters: [{ field: "tags", op: "any", value: [tagId] }] }] }, (l) => l.context.tags.includes(tagId)],
      [{ groups: [{ type: "and", filters: [{ field: "tags", op: "none", value: [tagId] }] }] }, (l) => !l.context.tags.includes(tagId)],
      [{ groups: [{ type: "and", filters: [{ field: "tags", op: "empty" }, { field: "status", op: "empty" }] }] }, (l) => l.context.tags.length === 0 && l.context.statusId === null],
      [{ groups: [{ type: "and", filters: [{ field: "website", op: "notEmpty" }, { field: "location", op: "empty" }] }] }, (l) => l.prospect.websiteUrl !== null && l.prospect.location === null],
      [{ groups: [{ type: "and", filters: [{ field: "lastContacted", op: "after", value: "2026-11-10T00:00:00Z" }] }] }, (l) => l.lastContactedAt !== null && l.lastContactedAt > "2026-11-10T00:00:00.000Z"],
      [{ groups: [{ type: "and", filters: [{ field: "profileType", op: "notIn", value: ["personal"] }] }] }, (l) => l.prospect.profileType !== "personal"],
      [{ groups: [{ type: "and", filters: [{ field: "username", op: "equals", value: leads[5]!.prospect.username!.toUpperCase() }] }] }, (l) => l.id === leads[5]!.id],
      // The first 80 people of "Founders & CEOs" are in this list too.
      [{ groups: [{ type: "and", filters: [{ field: "lists", op: "any", value: ["lst0001"] }] }] }, (l) => inFounders.has(`${l.prospect.platform}|${l.prospect.platformId}`)],
      [{ groups: [{ type: "and", filters: [{ field: "lists", op: "notEmpty" }] }] }, (l) => inFounders.has(`${l.prospect.platform}|${l.prospect.platformId}`)],
      [{ groups: [{ type: "and", filters: [{ field: "campaigns", op: "any", value: ["cmp0002"] }] }] }, () => true],
      [{ groups: [{ type: "and", filters: [{ field: "campaigns", op: "none", value: ["cmp0002"] }] }] }, () => false],
      [{ groups: [] }, () => true],
    ];
    for (const [query, predicate] of cases) {
      const found = await all("lst0002", q(query));
      expect(found.map((l) => l.id).sort(), JSON.stringify(query)).toEqual(leads.filter(predicate).map((l) => l.id).sort());
    }
    // Search, query and sort together still page cleanly.
    const combined = await all("lst0001", `&search=an&sort=username.keyword:asc${q({ groups: [{ filters: [{ field: "followers", op: "gte", value: 100 }] }] })}`);
    expect(combined.every((l) => (l.prospect.followerCount ?? 0) >= 100)).toBe(true);
    expect(combined.map((l) => l.prospect.username)).toEqual(combined.map((l) => l.prospect.username).sort());
  });

  it("binds the cursor to the list, search, query and sort it was made with", async () => {
    const first = expectOk(await t.request("GET", "/lists/lst0001/leads?limit=5&sort=valuation"), leadPage);
    const cursor = encodeURIComponent(first.nextCursor!);
    expectOk(await t.request("GET", `/lists/lst0001/leads?limit=5&sort=valuation&cursor=${cursor}`), leadPage);
    expectError(await t.request("GET", `/lists/lst0001/leads?limit=5&cursor=${cursor}`), 400, "invalidCursor");
    expectError(await t.request("GET", `/lists/lst0002/leads?limit=5&sort=valuation&cursor=${cursor}`), 400, "invalidCursor");
    expectError(await t.request("GET", `/lists/lst0001/leads?limit=5&sort=valuation&search=a&cursor=${cursor}`), 400, "invalidCursor");
    // A cursor whose key was tampered with is refused before it reaches the database.
    const decoded = JSON.parse(Buffer.from(first.nextCursor!, "base64url").toString());
    for (const key of ["not-a-number", "1; drop table x"]) {
      const forged = Buffer.from(JSON.stringify({ ...decoded, p: [key, decoded.p[1]] })).toString("base64url");
      expectError(await t.request("GET", `/lists/lst0001/leads?limit=5&sort=valuation&cursor=${forged}`), 400, "invalidCursor");
    }
    expectError(await t.request("GET", "/lists/lst0001/leads?cursor=garbage"), 400, "invalidCursor");
  });

  it("rejects bad parameters with 400 invalidRequest", async () => {
    const bad = [
      "limit=0",
      "limit=101",
      "limit=abc",
      "sort=followers:up",
      "sort=bio",
      "sort[]=followers",
      "search=",
      "search=a&search=b",
      "query=not-json",
      "query=" + encodeURIComponent("[]"),
      "query=" + encodeURIComponent(JSON.stringify({ groups: [{ filters: [{ field: "shoeSize", op: "eq", value: 1 }] }] })),
      "query=" + encodeURIComponent(JSON.stringify({ groups: [{ filters: [{ field: "followers", op: "contains", value: "x" }] }] })),
      "query=" + encodeURIComponent(JSON.stringify({ groups: [{ filters: [{ field: "followers", op: "gte", value: "10" }] }] })),
      "query=" + encodeURIComponent(JSON.stringify({ groups: [{ filters: [{ field: "status", op: "all", value: ["st1"] }] }] })),
      "query=" + encodeURIComponent(JSON.stringify({ groups: [{ type: "xor", filters: [{ field: "reachable", op: "is", value: true }] }] })),
      "query=" + encodeURIComponent(JSON.stringify({ groups: [{ filters: [] }] })),
      "query=" + encodeURIComponent(JSON.stringify({ groups: [{ filters: [{ field: "lastReplied", op: "after", value: "yesterday" }] }] })),
      "query=" + encodeURIComponent(JSON.stringify({ groups: [{ filters: [{ field: "tags", op: "any", value: ["NOT AN ID"] }] }] })),
      "q=founder",
    ];
    for (const query of bad) expectError(await t.request("GET", `/lists/lst0001/leads?${query}`), 400, "invalidRequest");
  });
});

describe("lead rows", () => {
  it("keeps the search text of every lead equal to its name, username and bio", async () => {
    const rows = await t.sandbox.context.store.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outreachLeads)
      .where(
        and(
          eq(outreachLeads.teamId, acmeId),
          sql`${outreachLeads.searchText} <> lower(concat_ws(E'\n', ${outreachLeads.displayName}, ${outreachLeads.username}, ${outreachLeads.bio}))`,
        ),
      );
    expect(rows[0]!.n).toBe(0);
  });
});
