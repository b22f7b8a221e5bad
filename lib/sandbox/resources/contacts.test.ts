import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contact, type Contact } from "@/lib/api/contacts";
import { tag } from "@/lib/api/labels";
import { page } from "@/lib/api/primitives";
import { team as teamSchema } from "@/lib/api/team";
import type { Database } from "@/lib/db/connection";
import { contacts, contactTags, members, profiles, statuses, tags } from "../schema";
import { expectError, expectOk, sandboxForFile, TOKENS, eventSummary } from "../testing/harness";

type ProfileRow = typeof profiles.$inferSelect;

const t = sandboxForFile();
let db: Database;
let acmeId: string;
let globexId: string;
/** One profile per Acme contact, contacts in ID order; each test takes its own with `take()`. */
let pool: ProfileRow[];

const contactPage = page(contact);

beforeAll(async () => {
  db = t.sandbox.context.store.db;
  acmeId = expectOk(await t.request("GET", "/team"), teamSchema).id;
  globexId = expectOk(await t.request("GET", "/team", { token: TOKENS.globex }), teamSchema).id;
  const rows = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.teamId, acmeId), isNotNull(profiles.contactId)))
    .orderBy(asc(profiles.contactId), asc(profiles.id));
  const seen = new Set<string>();
  pool = rows.filter((p) => !seen.has(p.contactId!) && seen.add(p.contactId!));
  expect(pool.length).toBeGreaterThanOrEqual(60);
}, 60_000);

/** A contact (by one of its profiles) that no other test touches. */
function take(where: (p: ProfileRow) => boolean = () => true): ProfileRow {
  const index = pool.findIndex(where);
  if (index < 0) throw new Error("No unused contact left in the pool");
  const [found] = pool.splice(index, 1);
  return found!;
}

const seqOf = (teamId: string) => t.seqOf(teamId);
const eventsSince = (seq: number, token?: string) => t.eventsSince(seq, token);
const summary = eventSummary;

async function getContact(id: string, token: string = TOKENS.acme): Promise<Contact> {
  return expectOk(await t.request("GET", `/contacts/${id}`, { token }), contact);
}

async function acmeStatus(name: string) {
  const [row] = await db.select().from(statuses).where(and(eq(statuses.teamId, acmeId), eq(statuses.name, name)));
  return row!;
}

async function acmeTag(name: string) {
  const [row] = await db.select().from(tags).where(and(eq(tags.teamId, acmeId), eq(tags.name, name)));
  return row!;
}

async function acmeMembers() {
  return db.select().from(members).where(eq(members.teamId, acmeId)).orderBy(asc(members.id));
}

const listUrl = (params: [string, string][]) => `/contacts?${new URLSearchParams(params).toString()}`;

describe("GET /contacts", () => {
  it("finds a contact by platform and platformId, with all of its profiles", async () => {
    const [multi] = await db
      .select({ contactId: profiles.contactId })
      .from(profiles)
      .where(and(eq(profiles.teamId, acmeId), isNotNull(profiles.contactId)))
      .groupBy(profiles.contactId)
      .having(sql`count(distinct ${profiles.platform}) >= 2`)
      .limit(1);
    expect(multi, "the seed has contacts with several profiles").toBeDefined();
    const theirs = await db.select().from(profiles).where(eq(profiles.contactId, multi!.contactId!));
    const [first] = theirs;

    const body = expectOk(await t.request("GET", listUrl([["platform", first!.platform], ["platformId", first!.platformId]])), contactPage);
    expect(body.nextCursor).toBeNull();
    expect(body.data.map((c) => c.id)).toEqual([multi!.contactId]);
    const found = body.data[0]!;
    expect(found.profiles.map((p) => p.id).sort()).toEqual(theirs.map((p) => p.id).sort());
    expect(new Set(found.profiles.map((p) => p.platform)).size).toBeGreaterThanOrEqual(2);
    expect(found.status).toBeUndefined();
    expect(found.tags).toBeUndefined();
    expect(found.assignee).toBeUndefined();
  });

  it("takes platformId repeated and answers the contacts in ID order", async () => {
    const platform = pool[0]!.platform;
    const chosen = pool.filter((p) => p.platform === platform).slice(0, 3);
    expect(chosen.length).toBe(3);
    const body = expectOk(
      await t.request("GET", listUrl([["platform", platform], ...chosen.map((p): [string, string] => ["platformId", p.platformId])])),
      contactPage,
    );
    expect(body.data.map((c) => c.id)).toEqual(chosen.map((p) => p.contactId).sort());
  });

  it("finds by username without @, case-insensitively and exactly", async () => {
    const profile = pool.find((p) => p.username && p.username.length > 3)!;
    expect(profile).toBeDefined();
    const upper = expectOk(
      await t.request("GET", listUrl([["platform", profile.platform], ["username", profile.username!.toUpperCase()]])),
      contactPage,
    );
    expect(upper.data.map((c) => c.id)).toContain(profile.contactId);
    for (const c of upper.data) {
      expect(c.profiles.some((p) => p.platform === profile.platform && p.username?.toLowerCase() === profile.username!.toLowerCase())).toBe(true);
    }
    const partial = expectOk(
      await t.request("GET", listUrl([["platform", profile.platform], ["username", profile.username!.slice(0, -1)]])),
      contactPage,
    );
    expect(partial.data.map((c) => c.id)).not.toContain(profile.contactId);
    // The same username on another platform is another person.
    const other = ["instagram", "x", "whatsapp", "linkedin"].find((p) => p !== profile.platform)!;
    const elsewhere = expectOk(await t.request("GET", listUrl([["platform", other], ["username", profile.username!]])), contactPage);
    expect(elsewhere.data.every((c) => c.profiles.some((p) => p.platform === other))).toBe(true);
    expectError(await t.request("GET", listUrl([["platform", profile.platform], ["username", `@${profile.username}`]])), 400, "invalidRequest");
  });

  it("answers 200 with an empty page when nobody matches, and never creates a contact", async () => {
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(contacts))[0]!.n;
    const before = await count();
    const none = expectOk(await t.request("GET", listUrl([["platform", "instagram"], ["platformId", "no-such-person-123"]])), contactPage);
    expect(none).toEqual({ data: [], nextCursor: null });
    const byName = expectOk(await t.request("GET", listUrl([["platform", "x"], ["username", "nobody_here_at_all"]])), contactPage);
    expect(byName).toEqual({ data: [], nextCursor: null });

    // A profile the team has never made a contact of is still not a contact.
    const [loose] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.teamId, acmeId), isNull(profiles.contactId)))
      .limit(1);
    if (loose) {
      const body = expectOk(await t.request("GET", listUrl([["platform", loose.platform], ["platformId", loose.platformId]])), contactPage);
      expect(body.data).toEqual([]);
    }
    expect(await count()).toBe(before);
  });

  it("sees only the team's own contacts", async () => {
    const [globexProfile] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.teamId, globexId), isNotNull(profiles.contactId)))
      .limit(1);
    expect(globexProfile).toBeDefined();
    const fromAcme = expectOk(
      await t.request("GET", listUrl([["platform", globexProfile!.platform], ["platformId", globexProfile!.platformId]])),
      contactPage,
    );
    expect(fromAcme.data.map((c) => c.id)).not.toContain(globexProfile!.contactId);
    const fromGlobex = expectOk(
      await t.request("GET", listUrl([["platform", globexProfile!.platform], ["platformId", globexProfile!.platformId]]), { token: TOKENS.globex }),
      contactPage,
    );
    expect(fromGlobex.data.map((c) => c.id)).toEqual([globexProfile!.contactId]);
  });

  it("answers 403 platformNotAvailable for a platform the team cannot use", async () => {
    const body = expectError(
      await t.request("GET", listUrl([["platform", "telegram"], ["platformId", "1"]]), { token: TOKENS.globex }),
      403,
      "platformNotAvailable",
    );
    expect(body.details).toEqual({ platform: "telegram" });
    expectError(await t.request("GET", listUrl([["platform", "myspace"], ["username", "tom"]])), 403, "platformNotAvailable");
  });

  it("pages by ID with cursors bound to the filters", async () => {
    const platform = pool[0]!.platform;
    const chosen = pool.filter((p) => p.platform === platform).slice(0, 7);
    expect(chosen.length).toBe(7);
    const params: [string, string][] = [["platform", platform], ...chosen.map((p): [string, string] => ["platformId", p.platformId])];
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = listUrl([...params, ["limit", "3"], ...(cursor ? [["cursor", cursor] as [string, string]] : [])]);
      const body = expectOk(await t.request("GET", url), contactPage);
      expect(body.data.length).toBeLessThanOrEqual(3);
      seen.push(...body.data.map((c) => c.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(chosen.map((p) => p.contactId).sort());

    const first = expectOk(await t.request("GET", listUrl([...params, ["limit", "3"]])), contactPage);
    expect(first.nextCursor).not.toBeNull();
    // The same cursor with other filters, or garbled, is refused.
    expectError(await t.request("GET", listUrl([...params.slice(0, -1), ["limit", "3"], ["cursor", first.nextCursor!]])), 400, "invalidCursor");
    expectError(await t.request("GET", listUrl([["platform", platform], ["username", "someone"], ["cursor", first.nextCursor!]])), 400, "invalidCursor");
    expectError(await t.request("GET", listUrl([...params, ["cursor", "not-a-cursor!"]])), 400, "invalidCursor");
    const tagsCursor = expectOk(await t.request("GET", "/tags?limit=1"), page(tag)).nextCursor;
    expectError(await t.request("GET", listUrl([...params, ["cursor", tagsCursor!]])), 400, "invalidCursor");
  });

  it("embeds status, tags and assignee beside their IDs with expand", async () => {
    const withAll = take((p) => p.platform === "instagram");
    const withNone = take((p) => p.platform === "instagram");
    const [member] = await acmeMembers();
    const won = await acmeStatus("Won");
    const vip = await acmeTag("VIP");
    expectOk(await t.request("PATCH", `/contacts/${withAll.contactId}`, { body: { status: won.id, assigneeId: member!.id } }), contact);
    expectOk(await t.request("PUT", `/contacts/${withAll.contactId}/tags/${vip.id}`), contact);
    expectOk(await t.request("PATCH", `/contacts/${withNone.contactId}`, { body: { status: null, assigneeId: null } }), contact);

    const params: [string, string][] = [
      ["platform", "instagram"],
      ["platformId", withAll.platformId],
      ["platformId", withNone.platformId],
      ["expand", "status"],
      ["expand", "tags"],
      ["expand", "assignee"],
    ];
    const body = expectOk(await t.request("GET", listUrl(params)), contactPage);
    const full = body.data.find((c) => c.id === withAll.contactId)!;
    const bare = body.data.find((c) => c.id === withNone.contactId)!;
    expect(full.statusId).toBe(won.id);
    expect(full.status).toEqual({ id: won.id, name: "Won", color: won.color, position: won.position });
    expect(full.tags!.map((x) => x.id)).toEqual(full.tagIds);
    expect(full.tagIds).toContain(vip.id);
    expect(full.tags!.find((x) => x.id === vip.id)).toEqual({ id: vip.id, name: "VIP", color: vip.color });
    expect(full.assigneeId).toBe(member!.id);
    expect(full.assignee).toMatchObject({ id: member!.id, name: member!.name, email: member!.email });
    expect(bare.status).toBeNull();
    expect(bare.assignee).toBeNull();
    expect(bare.tags!.map((x) => x.id)).toEqual(bare.tagIds);

    const onlyTags = expectOk(
      await t.request("GET", listUrl([["platform", "instagram"], ["platformId", withAll.platformId], ["expand", "tags"]])),
      contactPage,
    );
    expect(onlyTags.data[0]!.tags).toBeDefined();
    expect(onlyTags.data[0]!.status).toBeUndefined();
    expect(onlyTags.data[0]!.assignee).toBeUndefined();
  });

  it("rejects bad queries with 400 invalidRequest", async () => {
    const p = pool[0]!;
    const bad = [
      "/contacts",
      `/contacts?platformId=${p.platformId}`,
      `/contacts?platform=${p.platform}`,
      `/contacts?platform=${p.platform}&platformId=${p.platformId}&username=someone`,
      `/contacts?platform=${p.platform}&platform=${p.platform}&platformId=${p.platformId}`,
      `/contacts?platform=${p.platform}&platformId[]=${p.platformId}`,
      `/contacts?platform=${p.platform}&platformId=${p.platformId},${p.platformId}`,
      `/contacts?platform=${p.platform}&platformId=${p.platformId}&limit=0`,
      `/contacts?platform=${p.platform}&platformId=${p.platformId}&limit=101`,
      `/contacts?platform=${p.platform}&platformId=${p.platformId}&limit=ten`,
      `/contacts?platform=${p.platform}&platformId=${p.platformId}&expand=profiles`,
      `/contacts?platform=${p.platform}&platformId=${p.platformId}&expand=status,tags`,
      `/contacts?platform=${p.platform}&platformId=${p.platformId}&expand=status&expand=tags&expand=assignee&expand=status&expand=tags`,
      `/contacts?platform=&platformId=${p.platformId}`,
      `/contacts?platform=${p.platform}&platformId=`,
    ];
    for (const url of bad) expectError(await t.request("GET", url), 400, "invalidRequest");
    // A parameter GET /contacts does not take is ignored (parameters can be added within version 2).
    expect(expectOk(await t.request("GET", `/contacts?platform=${p.platform}&platformId=${p.platformId}&folder=inbox`), contactPage)).toEqual(
      expectOk(await t.request("GET", `/contacts?platform=${p.platform}&platformId=${p.platformId}`), contactPage),
    );
    expectOk(await t.request("GET", `/contacts?platform=${p.platform}&platformId=${p.platformId}&limit=100`), contactPage);
    expectOk(await t.request("GET", `/contacts?platform=${p.platform}&platformId=${p.platformId}&limit=1`), contactPage);
  });
});

describe("GET /contacts/{contactId}", () => {
  it("answers the contact with every documented field", async () => {
    const p = take();
    const found = await getContact(p.contactId!);
    expect(found.id).toBe(p.contactId);
    const theirs = await db.select().from(profiles).where(eq(profiles.contactId, p.contactId!));
    expect(found.profiles.map((x) => x.id).sort()).toEqual(theirs.map((x) => x.id).sort());
    const tagRows = await db.select().from(contactTags).where(eq(contactTags.contactId, p.contactId!));
    expect(found.tagIds.sort()).toEqual(tagRows.map((r) => r.tagId).sort());
    for (const key of ["statusId", "notes", "valuation", "assigneeId", "createdAt", "updatedAt"]) expect(found).toHaveProperty(key);
  });

  it("answers 404 contactNotFound for unknown, malformed and other teams' IDs", async () => {
    const [globexContact] = await db.select().from(contacts).where(eq(contacts.teamId, globexId)).limit(1);
    expectError(await t.request("GET", `/contacts/${globexContact!.id}`), 404, "contactNotFound");
    expect((await getContact(globexContact!.id, TOKENS.globex)).id).toBe(globexContact!.id);
    expectError(await t.request("GET", "/contacts/con0nothere"), 404, "contactNotFound");
    expectError(await t.request("GET", "/contacts/NOT-AN-ID"), 404, "contactNotFound");
  });
});

describe("PATCH /contacts/{contactId}", () => {
  it("sets status by case-insensitive name, records one event per changed field, and sets updatedAt", async () => {
    const p = take();
    expectOk(await t.request("PATCH", `/contacts/${p.contactId}`, { body: { status: null, notes: null, valuation: null, assigneeId: null } }), contact);
    const qualified = await acmeStatus("Qualified");
    const [, member] = await acmeMembers();
    const now = t.sandbox.context.store.clock.now().getTime();
    const seq = await seqOf(acmeId);

    const updated = expectOk(
      await t.request("PATCH", `/contacts/${p.contactId}`, {
        body: { status: "  qUALIFIED ", notes: "Met at the expo", valuation: 1250.5, assigneeId: member!.id },
      }),
      contact,
    );
    expect(updated).toMatchObject({ statusId: qualified.id, notes: "Met at the expo", valuation: 1250.5, assigneeId: member!.id });
    expect(Date.parse(updated.updatedAt!)).toBeGreaterThanOrEqual(now - 1000);
    expect(await getContact(p.contactId!)).toEqual(updated);
    expect(summary(await eventsSince(seq))).toEqual([
      { type: "contact.statusChanged", id: p.contactId, data: { statusId: qualified.id } },
      { type: "contact.notesChanged", id: p.contactId, data: { notes: "Met at the expo" } },
      { type: "contact.valuationChanged", id: p.contactId, data: { valuation: 1250.5 } },
      { type: "contact.assigneeChanged", id: p.contactId, data: { assigneeId: member!.id } },
    ]);

    // The same values again change nothing: no event, updatedAt kept.
    const seq2 = await seqOf(acmeId);
    t.sandbox.context.store.clock.advance(60_000);
    const again = expectOk(
      await t.request("PATCH", `/contacts/${p.contactId}`, {
        body: { status: qualified.id, notes: "Met at the expo", valuation: 1250.5, assigneeId: member!.id },
      }),
      contact,
    );
    expect(again).toEqual(updated);
    expect(await eventsSince(seq2)).toEqual([]);
    expect(await seqOf(acmeId)).toBe(seq2);
  });

  it("leaves omitted fields unchanged and clears with null", async () => {
    const p = take();
    const won = await acmeStatus("Won");
    const [member] = await acmeMembers();
    const before = expectOk(
      await t.request("PATCH", `/contacts/${p.contactId}`, { body: { status: won.id, notes: "Keep me", valuation: 10, assigneeId: member!.id } }),
      contact,
    );

    const seq = await seqOf(acmeId);
    const onlyNotes = expectOk(await t.request("PATCH", `/contacts/${p.contactId}`, { body: { notes: null } }), contact);
    expect(onlyNotes).toMatchObject({ statusId: won.id, notes: null, valuation: 10, assigneeId: member!.id, tagIds: before.tagIds });
    expect(summary(await eventsSince(seq))).toEqual([{ type: "contact.notesChanged", id: p.contactId, data: { notes: null } }]);

    const seq2 = await seqOf(acmeId);
    const cleared = expectOk(await t.request("PATCH", `/contacts/${p.contactId}`, { body: { status: null, valuation: null, assigneeId: null } }), contact);
    expect(cleared).toMatchObject({ statusId: null, notes: null, valuation: null, assigneeId: null });
    expect(summary(await eventsSince(seq2))).toEqual([
      { type: "contact.statusChanged", id: p.contactId, data: { statusId: null } },
      { type: "contact.valuationChanged", id: p.contactId, data: { valuation: null } },
      { type: "contact.assigneeChanged", id: p.contactId, data: { assigneeId: null } },
    ]);

    const seq3 = await seqOf(acmeId);
    expect(expectOk(await t.request("PATCH", `/contacts/${p.contactId}`, { body: {} }), contact)).toEqual(cleared);
    expect(await eventsSince(seq3)).toEqual([]);
  });

  it("answers 404 statusNotFound / memberNotFound for unknown or other teams' references, changing nothing", async () => {
    const p = take();
    const before = await getContact(p.contactId!);
    const [globexStatus] = await db.select().from(statuses).where(eq(statuses.teamId, globexId)).limit(1);
    const [globexMember] = await db.select().from(members).where(eq(members.teamId, globexId)).limit(1);
    const seq = await seqOf(acmeId);

    expectError(await t.request("PATCH", `/contacts/${p.contactId}`, { body: { status: "No such stage", notes: "x" } }), 404, "statusNotFound");
    expectError(await t.request("PATCH", `/contacts/${p.contactId}`, { body: { status: globexStatus!.id } }), 404, "statusNotFound");
    expectError(await t.request("PATCH", `/contacts/${p.contactId}`, { body: { status: globexStatus!.name } }), 404, "statusNotFound");
    expectError(await t.request("PATCH", `/contacts/${p.contactId}`, { body: { assigneeId: "mem0nothere", notes: "x" } }), 404, "memberNotFound");
    expectError(await t.request("PATCH", `/contacts/${p.contactId}`, { body: { assigneeId: globexMember!.id } }), 404, "memberNotFound");

    const [globexContact] = await db.select().from(contacts).where(eq(contacts.teamId, globexId)).limit(1);
    expectError(await t.request("PATCH", `/contacts/${globexContact!.id}`, { body: { notes: "x" } }), 404, "contactNotFound");
    expectError(await t.request("PATCH", "/contacts/con0nothere", { body: { notes: "x" } }), 404, "contactNotFound");

    expect(await getContact(p.contactId!)).toEqual(before);
    expect(await eventsSince(seq)).toEqual([]);
    expect(await seqOf(acmeId)).toBe(seq);
  });

  it("rejects bad bodies with 400 invalidRequest", async () => {
    const p = take();
    const url = `/contacts/${p.contactId}`;
    const bodies: unknown[] = [
      [],
      "notes",
      null,
      { nickname: "x", notes: 5 },
      { notes: 5 },
      { notes: "x".repeat(10_001) },
      { valuation: "100" },
      { valuation: -1 },
      { status: "" },
      { status: "   " },
      { status: 3 },
      { assigneeId: "Not An Id" },
      { assigneeId: 42 },
    ];
    for (const body of bodies) expectError(await t.request("PATCH", url, { rawBody: JSON.stringify(body), headers: { "content-type": "application/json" } }), 400, "invalidRequest");
    expectError(await t.request("PATCH", url, { rawBody: "{\"notes\":", headers: { "content-type": "application/json" } }), 400, "invalidRequest");
    expectError(await t.request("PATCH", url, { rawBody: "" }), 400, "invalidRequest");
    expectError(await t.request("PATCH", url, { rawBody: "{\"valuation\": 1e999}", headers: { "content-type": "application/json" } }), 400, "invalidRequest");
  });
});

describe("PUT and DELETE /contacts/{contactId}/tags/{tagRef}", () => {
  it("adds a tag by URL-encoded, case-insensitive name, idempotently", async () => {
    const p = take();
    const churn = await acmeTag("Churn risk");
    expectOk(await t.request("DELETE", `/contacts/${p.contactId}/tags/${churn.id}`), contact);

    const seq = await seqOf(acmeId);
    const added = expectOk(await t.request("PUT", `/contacts/${p.contactId}/tags/${encodeURIComponent("cHURN RISK")}`), contact);
    expect(added.tagIds).toContain(churn.id);
    expect(summary(await eventsSince(seq))).toEqual([
      { type: "contact.tagsChanged", id: p.contactId, data: { added: [churn.id], removed: [] } },
    ]);

    const seq2 = await seqOf(acmeId);
    const again = expectOk(await t.request("PUT", `/contacts/${p.contactId}/tags/${churn.id}`), contact);
    expect(again).toEqual(added);
    expect(await eventsSince(seq2)).toEqual([]);
    expect(await getContact(p.contactId!)).toEqual(added);
  });

  it("removes a tag by ID, idempotently", async () => {
    const p = take();
    const vip = await acmeTag("VIP");
    expectOk(await t.request("PUT", `/contacts/${p.contactId}/tags/VIP`), contact);

    const seq = await seqOf(acmeId);
    const removed = expectOk(await t.request("DELETE", `/contacts/${p.contactId}/tags/${vip.id}`), contact);
    expect(removed.tagIds).not.toContain(vip.id);
    expect(summary(await eventsSince(seq))).toEqual([
      { type: "contact.tagsChanged", id: p.contactId, data: { added: [], removed: [vip.id] } },
    ]);

    const seq2 = await seqOf(acmeId);
    const again = expectOk(await t.request("DELETE", `/contacts/${p.contactId}/tags/vip`), contact);
    expect(again).toEqual(removed);
    expect(await eventsSince(seq2)).toEqual([]);
  });

  it("answers 404 tagNotFound / contactNotFound for unknown or other teams' references", async () => {
    const p = take();
    const [globexTag] = await db.select().from(tags).where(eq(tags.teamId, globexId)).limit(1);
    const [globexContact] = await db.select().from(contacts).where(eq(contacts.teamId, globexId)).limit(1);
    const vip = await acmeTag("VIP");
    const seq = await seqOf(acmeId);
    for (const method of ["PUT", "DELETE"]) {
      expectError(await t.request(method, `/contacts/${p.contactId}/tags/${globexTag!.id}`), 404, "tagNotFound");
      expectError(await t.request(method, `/contacts/${p.contactId}/tags/${encodeURIComponent(globexTag!.name)}`), 404, "tagNotFound");
      expectError(await t.request(method, `/contacts/${p.contactId}/tags/${encodeURIComponent("No such tag")}`), 404, "tagNotFound");
      expectError(await t.request(method, `/contacts/${globexContact!.id}/tags/${vip.id}`), 404, "contactNotFound");
      expectError(await t.request(method, `/contacts/con0nothere/tags/VIP`), 404, "contactNotFound");
      expectError(await t.request(method, `/contacts/${globexContact!.id}/tags/${globexTag!.id}`), 404, "contactNotFound");
    }
    expect(await eventsSince(seq)).toEqual([]);
  });
});
