import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contact } from "@/lib/api/contacts";
import { colorList, status, tag, type Status } from "@/lib/api/labels";
import { page } from "@/lib/api/primitives";
import { team as teamSchema } from "@/lib/api/team";
import type { Database } from "@/lib/db/connection";
import { PREDEFINED_COLORS } from "../model/colors";
import { contacts, statuses, tags } from "../schema";
import { expectError, expectOk, sandboxForFile, TOKENS, eventSummary } from "../testing/harness";

const t = sandboxForFile();
let db: Database;
let acmeId: string;
let globexId: string;
/** Acme contact IDs; each test takes its own with `takeContact()`. */
let contactPool: string[];

const tagPage = page(tag);
const statusPage = page(status);
const json = { "content-type": "application/json" };

beforeAll(async () => {
  db = t.sandbox.context.store.db;
  acmeId = expectOk(await t.request("GET", "/team"), teamSchema).id;
  globexId = expectOk(await t.request("GET", "/team", { token: TOKENS.globex }), teamSchema).id;
  const rows = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.teamId, acmeId)).orderBy(asc(contacts.id));
  contactPool = rows.map((r) => r.id);
}, 60_000);

function takeContact(): string {
  const id = contactPool.shift();
  if (!id) throw new Error("No unused contact left");
  return id;
}

const seqOf = (teamId: string) => t.seqOf(teamId);
const eventsSince = (seq: number, token?: string) => t.eventsSince(seq, token);
const summary = eventSummary;

async function collect<Item>(path: string, schema: typeof tagPage | typeof statusPage, limit: number, token: string = TOKENS.acme) {
  const items: Item[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const body: { data: unknown[]; nextCursor: string | null } = expectOk(await t.request("GET", url, { token }), schema);
    expect(body.data.length).toBeLessThanOrEqual(limit);
    items.push(...(body.data as Item[]));
    cursor = body.nextCursor;
    pages++;
  } while (cursor && pages < 50);
  return { items, pages };
}

/** The team's pipeline in position order, checked to be 0..n-1 without gaps. */
async function pipeline(token: string = TOKENS.acme): Promise<Status[]> {
  const { items } = await collect<Status>("/statuses", statusPage, 100, token);
  const sorted = [...items].sort((a, b) => a.position - b.position);
  expect(sorted.map((s) => s.position)).toEqual(sorted.map((_, i) => i));
  return sorted;
}

const post = (path: string, body: unknown, token: string = TOKENS.acme) => t.request("POST", path, { body, token });
const patch = (path: string, body: unknown) => t.request("PATCH", path, { body });
const raw = (method: string, path: string, rawBody: string) => t.request(method, path, { rawBody, headers: json });

describe("GET /colors", () => {
  it("lists the predefined colors, every name the seed uses among them", async () => {
    const colors = expectOk(await t.request("GET", "/colors"), colorList);
    expect(colors).toEqual(PREDEFINED_COLORS.map((c) => ({ ...c })));
    expect(colors.length).toBeGreaterThanOrEqual(12);
    expect(new Set(colors.map((c) => c.name)).size).toBe(colors.length);
    const names = new Set(colors.map((c) => c.name));
    const used = [...(await db.select({ color: tags.color }).from(tags)), ...(await db.select({ color: statuses.color }).from(statuses))];
    for (const { color } of used) if (!color.startsWith("#")) expect(names, color).toContain(color);
  });
});

describe("tags", () => {
  it("pages through the team's tags by ID", async () => {
    const { items, pages } = await collect<{ id: string }>("/tags", tagPage, 2);
    const rows = await db.select({ id: tags.id }).from(tags).where(eq(tags.teamId, acmeId)).orderBy(asc(tags.id));
    expect(items.map((x) => x.id)).toEqual(rows.map((r) => r.id));
    expect(pages).toBe(Math.ceil(rows.length / 2));
    const globex = await collect<{ id: string; name: string }>("/tags", tagPage, 100, TOKENS.globex);
    expect(globex.items.map((x) => x.name)).not.toContain("VIP");

    const first = expectOk(await t.request("GET", "/tags?limit=2"), tagPage);
    expectError(await t.request("GET", `/statuses?limit=2&cursor=${first.nextCursor}`), 400, "invalidCursor");
    expectError(await t.request("GET", "/tags?cursor=garbage"), 400, "invalidCursor");
    for (const query of ["limit=0", "limit=101", "limit=1.5", "limit=", "limit[]=2", "limit=1&limit=2", "order[]=name", "cursor="]) {
      expectError(await t.request("GET", `/tags?${query}`), 400, "invalidRequest");
    }
  });

  it("creates a tag: trimmed name, default color, 201, tag.created", async () => {
    const seq = await seqOf(acmeId);
    const created = expectOk(await post("/tags", { name: "  Hot lead  " }), tag, 201);
    expect(created).toEqual({ id: created.id, name: "Hot lead", color: PREDEFINED_COLORS[0].name });
    expect(summary(await eventsSince(seq))).toEqual([{ type: "tag.created", id: created.id, data: {} }]);
    expect(expectOk(await t.request("GET", `/tags/${created.id}`), tag)).toEqual(created);

    expect(expectOk(await post("/tags", { name: "Hex tag", color: "#AbCdEf" }), tag, 201).color).toBe("#AbCdEf");
    expect(expectOk(await post("/tags", { name: "Named color", color: "teal" }), tag, 201).color).toBe("teal");
    expect(expectOk(await post("/tags", { name: "x".repeat(50) }), tag, 201).name).toBe("x".repeat(50));
  });

  it("answers 409 duplicateTag for a name the team already has, in any case", async () => {
    const seq = await seqOf(acmeId);
    expectError(await post("/tags", { name: "vip" }), 409, "duplicateTag");
    expectError(await post("/tags", { name: " VIP " }), 409, "duplicateTag");
    expect(await eventsSince(seq)).toEqual([]);
    // Another team's names are its own.
    expectOk(await post("/tags", { name: "VIP" }, TOKENS.globex), tag, 201);
  });

  it("rejects bad create bodies with 400 invalidRequest", async () => {
    const seq = await seqOf(acmeId);
    const bodies: unknown[] = [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(51) },
      { name: 7 },
      { name: null },
      { name: "Ok", color: "chartreuse" },
      { name: "Ok", color: "Blue" },
      { name: "Ok", color: "#fff" },
      { name: "Ok", color: "#12345g" },
      { name: "Ok", color: "" },
      { name: "Ok", color: null },
      { name: "", position: 1 },
      { name: "Ok", id: "tag1", color: "#fff" },
      ["Ok"],
      "Ok",
    ];
    for (const body of bodies) expectError(await raw("POST", "/tags", JSON.stringify(body)), 400, "invalidRequest");
    expectError(await raw("POST", "/tags", "{name: 'Ok'}"), 400, "invalidRequest");
    expectError(await t.request("POST", "/tags", { rawBody: "" }), 400, "invalidRequest");
    expect(await eventsSince(seq)).toEqual([]);
  });

  it("reads a tag by ID, or by URL-encoded name in any case", async () => {
    const created = expectOk(await post("/tags", { name: "Q3/Q4 push & more", color: "indigo" }), tag, 201);
    expect(expectOk(await t.request("GET", `/tags/${encodeURIComponent("q3/q4 PUSH & more")}`), tag)).toEqual(created);
    expect(expectOk(await t.request("GET", `/tags/${created.id}`), tag)).toEqual(created);
    const vip = expectOk(await t.request("GET", "/tags/vip"), tag);
    expect(vip.name).toBe("VIP");

    const [globexTag] = await db.select().from(tags).where(and(eq(tags.teamId, globexId), eq(tags.name, "Enterprise")));
    expectError(await t.request("GET", `/tags/${globexTag!.id}`), 404, "tagNotFound");
    expectError(await t.request("GET", "/tags/Enterprise"), 404, "tagNotFound");
    expectError(await t.request("GET", `/tags/${encodeURIComponent("No such tag")}`), 404, "tagNotFound");
    // A ref that does not decode, or holds a control character, is malformed input: refused before any lookup.
    for (const ref of ["%E0%A4%A", "%FF", "%", "%00", "VIP%0A", "%7F"]) {
      expectError(await t.request("GET", `/tags/${ref}`), 400, "invalidRequest");
      expectError(await t.request("GET", `/statuses/${ref}`), 400, "invalidRequest");
      expectError(await t.request("PATCH", `/tags/${ref}`, { body: { name: "x" } }), 400, "invalidRequest");
      expectError(await t.request("DELETE", `/statuses/${ref}`), 400, "invalidRequest");
    }
  });

  it("updates a tag by ref: tag.updated only on change, 409 on another tag's name", async () => {
    const created = expectOk(await post("/tags", { name: "Warm" }), tag, 201);
    let seq = await seqOf(acmeId);
    const renamed = expectOk(await patch("/tags/warm", { name: "Warm lead", color: "#ff0000" }), tag);
    expect(renamed).toEqual({ id: created.id, name: "Warm lead", color: "#ff0000" });
    expect(summary(await eventsSince(seq))).toEqual([{ type: "tag.updated", id: created.id, data: {} }]);

    seq = await seqOf(acmeId);
    expect(expectOk(await patch(`/tags/${created.id}`, { name: "Warm lead", color: "#ff0000" }), tag)).toEqual(renamed);
    expect(expectOk(await patch(`/tags/${created.id}`, {}), tag)).toEqual(renamed);
    expectError(await patch(`/tags/${created.id}`, { name: "partner" }), 409, "duplicateTag");
    expectError(await patch(`/tags/${created.id}`, { color: "mauve" }), 400, "invalidRequest");
    expectError(await patch(`/tags/${created.id}`, { name: "" }), 400, "invalidRequest");
    expectError(await patch(`/tags/${created.id}`, { name: "x".repeat(51) }), 400, "invalidRequest");
    // A field the API does not know is ignored, never applied (a newer client's optional one, say).
    expect(expectOk(await patch(`/tags/${created.id}`, { extra: true, id: "tagother" }), tag)).toEqual(renamed);
    expectError(await raw("PATCH", `/tags/${created.id}`, "{"), 400, "invalidRequest");
    expectError(await patch("/tags/nothere", { name: "Other" }), 404, "tagNotFound");
    expect(await eventsSince(seq)).toEqual([]);

    // A tag may change the case of its own name.
    seq = await seqOf(acmeId);
    expect(expectOk(await patch("/tags/WARM%20LEAD", { name: "WARM LEAD" }), tag).name).toBe("WARM LEAD");
    expect(summary(await eventsSince(seq))).toEqual([{ type: "tag.updated", id: created.id, data: {} }]);
  });

  it("deletes a tag: 204, taken off every contact with one contact.tagsChanged each, then tag.deleted", async () => {
    const created = expectOk(await post("/tags", { name: "Short lived" }), tag, 201);
    const [a, b] = [takeContact(), takeContact()].sort();
    expectOk(await t.request("PUT", `/contacts/${a}/tags/${created.id}`), contact);
    expectOk(await t.request("PUT", `/contacts/${b}/tags/short%20LIVED`), contact);

    const seq = await seqOf(acmeId);
    const response = await t.request("DELETE", `/tags/${encodeURIComponent("short lived")}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(summary(await eventsSince(seq))).toEqual([
      { type: "contact.tagsChanged", id: a, data: { added: [], removed: [created.id] } },
      { type: "contact.tagsChanged", id: b, data: { added: [], removed: [created.id] } },
      { type: "tag.deleted", id: created.id, data: {} },
    ]);
    for (const id of [a, b]) expect(expectOk(await t.request("GET", `/contacts/${id}`), contact).tagIds).not.toContain(created.id);
    expectError(await t.request("GET", `/tags/${created.id}`), 404, "tagNotFound");
    expectError(await t.request("DELETE", `/tags/${created.id}`), 404, "tagNotFound");
    expectError(await t.request("PUT", `/contacts/${a}/tags/${created.id}`), 404, "tagNotFound");
  });

  it("treats another team's tags as unknown for PATCH and DELETE", async () => {
    const [globexTag] = await db.select().from(tags).where(eq(tags.teamId, globexId)).limit(1);
    expectError(await patch(`/tags/${globexTag!.id}`, { name: "Mine now" }), 404, "tagNotFound");
    expectError(await t.request("DELETE", `/tags/${globexTag!.id}`), 404, "tagNotFound");
    expectError(await t.request("DELETE", `/tags/${encodeURIComponent(globexTag!.name)}`), 404, "tagNotFound");
    expect(expectOk(await t.request("GET", `/tags/${globexTag!.id}`, { token: TOKENS.globex }), tag).name).toBe(globexTag!.name);
  });
});

describe("statuses", () => {
  it("pages through the pipeline by ID, positions 0..n-1", async () => {
    const { items, pages } = await collect<Status>("/statuses", statusPage, 4);
    const rows = await db.select({ id: statuses.id }).from(statuses).where(eq(statuses.teamId, acmeId)).orderBy(asc(statuses.id));
    expect(items.map((s) => s.id)).toEqual(rows.map((r) => r.id));
    expect(pages).toBe(Math.ceil(rows.length / 4));
    const names = (await pipeline()).map((s) => s.name);
    expect(names.slice(0, 6)).toEqual(["New", "Contacted", "Qualified", "Meeting booked", "Won", "Lost"]);
    expect((await pipeline(TOKENS.globex)).map((s) => s.name)).not.toContain("Meeting booked");
    expectError(await t.request("GET", "/statuses?limit=0"), 400, "invalidRequest");
    expectError(await t.request("GET", "/statuses?limit=101"), 400, "invalidRequest");
    expectError(await t.request("GET", "/statuses?cursor=%%%"), 400, "invalidCursor");
  });

  it("creates statuses at the end by default, or at a position that moves the later ones along", async () => {
    const before = await pipeline();
    let seq = await seqOf(acmeId);
    const last = expectOk(await post("/statuses", { name: "Nurture" }), status, 201);
    expect(last).toEqual({ id: last.id, name: "Nurture", color: PREDEFINED_COLORS[0].name, position: before.length });
    expect(summary(await eventsSince(seq))).toEqual([{ type: "status.created", id: last.id, data: {} }]);

    seq = await seqOf(acmeId);
    const middle = expectOk(await post("/statuses", { name: "Proposal sent", color: "#0EA5E9", position: 3 }), status, 201);
    expect(middle.position).toBe(3);
    const after = await pipeline();
    expect(after.map((s) => s.name)).toEqual([...before.slice(0, 3).map((s) => s.name), "Proposal sent", ...before.slice(3).map((s) => s.name), "Nurture"]);
    const shifted = [...before.slice(3).map((s) => s.id), last.id];
    expect(summary(await eventsSince(seq))).toEqual([
      { type: "status.created", id: middle.id, data: {} },
      ...shifted.map((id) => ({ type: "status.updated", id, data: {} })),
    ]);

    const far = expectOk(await post("/statuses", { name: "Far away", position: 999 }), status, 201);
    expect(far.position).toBe(after.length);
    const first = expectOk(await post("/statuses", { name: "Lead", position: 0 }), status, 201);
    expect(first.position).toBe(0);
    expect((await pipeline())[0]!.id).toBe(first.id);
  });

  it("answers 409 duplicateStatus for a name the team already has, in any case", async () => {
    const seq = await seqOf(acmeId);
    expectError(await post("/statuses", { name: "won" }), 409, "duplicateStatus");
    expectError(await post("/statuses", { name: "MEETING BOOKED" }), 409, "duplicateStatus");
    expectError(await patch("/statuses/won", { name: "lost" }), 409, "duplicateStatus");
    expect(await eventsSince(seq)).toEqual([]);
  });

  it("rejects bad bodies with 400 invalidRequest", async () => {
    const seq = await seqOf(acmeId);
    const bodies: unknown[] = [
      {},
      { name: "" },
      { name: "x".repeat(51) },
      { name: "Ok", position: -1 },
      { name: "Ok", position: 1.5 },
      { name: "Ok", position: "2" },
      { name: "Ok", color: "sky" },
      { name: "Ok", color: "#00000" },
      { name: "", order: 1 },
    ];
    for (const body of bodies) expectError(await raw("POST", "/statuses", JSON.stringify(body)), 400, "invalidRequest");
    for (const body of bodies.slice(1)) expectError(await raw("PATCH", "/statuses/New", JSON.stringify(body)), 400, "invalidRequest");
    expectError(await raw("POST", "/statuses", "not json"), 400, "invalidRequest");
    expectError(await raw("PATCH", "/statuses/New", "[1,"), 400, "invalidRequest");
    expect(await eventsSince(seq)).toEqual([]);
  });

  it("reads, renames and moves a status by ref, keeping positions contiguous", async () => {
    const lost = expectOk(await t.request("GET", "/statuses/LOST"), status);
    expect(lost.name).toBe("Lost");
    const before = await pipeline();

    let seq = await seqOf(acmeId);
    const moved = expectOk(await patch("/statuses/lost", { position: 0, name: "Closed lost", color: "rose" }), status);
    expect(moved).toEqual({ id: lost.id, name: "Closed lost", color: "rose", position: 0 });
    const after = await pipeline();
    expect(after.map((s) => s.id)).toEqual([lost.id, ...before.filter((s) => s.id !== lost.id).map((s) => s.id)]);
    const shifted = before.filter((s) => s.position < lost.position).map((s) => s.id);
    expect(summary(await eventsSince(seq))).toEqual([
      ...shifted.map((id) => ({ type: "status.updated", id, data: {} })),
      { type: "status.updated", id: lost.id, data: {} },
    ]);

    // Past the end means last.
    const end = expectOk(await patch(`/statuses/${lost.id}`, { position: 500 }), status);
    expect(end.position).toBe(after.length - 1);
    expect((await pipeline()).at(-1)!.id).toBe(lost.id);

    seq = await seqOf(acmeId);
    expect(expectOk(await patch(`/statuses/${lost.id}`, { position: end.position, name: "Closed lost" }), status)).toEqual(end);
    expect(await eventsSince(seq)).toEqual([]);
    expectError(await patch("/statuses/Lost", { name: "Gone" }), 404, "statusNotFound");
  });

  it("deletes a status: 204, clears it from contacts with one contact.statusChanged each, closes the gap", async () => {
    const created = expectOk(await post("/statuses", { name: "Temporary", position: 2 }), status, 201);
    const [a, b] = [takeContact(), takeContact()].sort();
    expectOk(await t.request("PATCH", `/contacts/${a}`, { body: { status: created.id } }), contact);
    expectOk(await t.request("PATCH", `/contacts/${b}`, { body: { status: "temporary" } }), contact);
    const before = await pipeline();

    const seq = await seqOf(acmeId);
    const response = await t.request("DELETE", "/statuses/TEMPORARY");
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    const after = await pipeline();
    expect(after.map((s) => s.id)).toEqual(before.filter((s) => s.id !== created.id).map((s) => s.id));
    const shifted = before.filter((s) => s.position > created.position).map((s) => s.id);
    expect(summary(await eventsSince(seq))).toEqual([
      { type: "contact.statusChanged", id: a, data: { statusId: null } },
      { type: "contact.statusChanged", id: b, data: { statusId: null } },
      ...shifted.map((id) => ({ type: "status.updated", id, data: {} })),
      { type: "status.deleted", id: created.id, data: {} },
    ]);
    for (const id of [a, b]) expect(expectOk(await t.request("GET", `/contacts/${id}`), contact).statusId).toBeNull();
    expectError(await t.request("GET", `/statuses/${created.id}`), 404, "statusNotFound");
    expectError(await t.request("DELETE", `/statuses/${created.id}`), 404, "statusNotFound");
    expectError(await t.request("PATCH", `/contacts/${a}`, { body: { status: created.id } }), 404, "statusNotFound");
  });

  it("treats another team's statuses as unknown", async () => {
    const [globexStatus] = await db.select().from(statuses).where(eq(statuses.teamId, globexId)).limit(1);
    const seq = await seqOf(acmeId);
    expectError(await t.request("GET", `/statuses/${globexStatus!.id}`), 404, "statusNotFound");
    expectError(await patch(`/statuses/${globexStatus!.id}`, { name: "Mine now" }), 404, "statusNotFound");
    expectError(await t.request("DELETE", `/statuses/${globexStatus!.id}`), 404, "statusNotFound");
    expect(await eventsSince(seq)).toEqual([]);
    expect(expectOk(await t.request("GET", `/statuses/${globexStatus!.id}`, { token: TOKENS.globex }), status).id).toBe(globexStatus!.id);
  });
});
