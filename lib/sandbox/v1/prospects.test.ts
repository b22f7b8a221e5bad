import { beforeAll, describe, expect, it } from "vitest";
import { contact as contactV2 } from "@/lib/api/contacts";
import { page } from "@/lib/api/primitives";
import { thread as threadV2, type Thread } from "@/lib/api/threads";
import { v1Prospect, v1ProspectContext, v1StatusList, v1TagList } from "@/lib/api/v1/resources";
import { expectOk, sandboxForFile, TOKENS } from "../testing/harness";
import { expectV1Error, expectV1Ok, expectV1Validation, v1 } from "../testing/v1";
import { syncQuality } from "./serialize";

const t = sandboxForFile();
let get: ReturnType<typeof v1>;
let threads: Thread[];

beforeAll(async () => {
  get = v1(t);
  threads = expectOk(await t.request("GET", "/threads?limit=100&folder=all&expand=contact&expand=profile"), page(threadV2)).data;
}, 60_000);
const DAY = 24 * 60 * 60 * 1000;

describe("prospects", () => {
  it("reads a prospect: the v2 profile with its contact's context and every prospect field", async () => {
    const thread = threads.find((th) => th.contact && th.contact.tagIds.length && th.profile?.username)!;
    const prospect = expectV1Ok(await get("GET", `/prospects/${thread.profileId}`), v1Prospect);
    const profile = thread.profile!;
    expect(prospect).toMatchObject({
      id: profile.id,
      platform: profile.platform,
      platformId: profile.platformId,
      username: profile.username,
      displayName: profile.displayName,
      image: profile.avatarUrl,
      followerCount: profile.followerCount,
    });
    expect(prospect.context).toMatchObject({
      tags: thread.contact!.tagIds,
      statusId: thread.contact!.statusId,
      notes: thread.contact!.notes,
      valuation: thread.contact!.valuation,
    });
    expect(prospect.context.threads.map((th) => th.id)).toContain(thread.id);
    expect(prospect.isFresh).toBe(prospect.confidence === 1);
    for (const key of ["externalId", "documentId", "imageNormalized", "location", "websiteUrl", "websiteDomain", "verified", "profileType", "isProtected", "postCount", "engagementCount", "listedCount", "platformCreatedAt", "firstSeenAt", "lastUpdatedAt", "lastEnrichedAt", "lastActiveAt", "source", "isStale", "accountStatus", "platformData"]) {
      expect(prospect, key).toHaveProperty(key);
    }
    expectV1Error(await get("GET", "/prospects/nosuchprospect"), 404, "PROSPECT_NOT_FOUND");
    // A contact's ID is not a prospect's.
    expectV1Error(await get("GET", `/prospects/${thread.contactId}`), 404, "PROSPECT_NOT_FOUND");
    expectV1Error(await get("GET", `/prospects/${thread.profileId}`, { token: TOKENS.globex }), 404, "PROSPECT_NOT_FOUND");
  });

  it("rates sync quality by age: fresh for a day, stale after 30 days, confidence down to 0.2 at 90", () => {
    const now = new Date("2026-11-20T12:00:00.000Z");
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(syncQuality(ago(0), now)).toEqual({ isFresh: true, isStale: false, confidence: 1 });
    expect(syncQuality(ago(DAY), now)).toEqual({ isFresh: true, isStale: false, confidence: 1 });
    expect(syncQuality(ago(2 * DAY), now)).toEqual({ isFresh: false, isStale: false, confidence: 0.98 });
    expect(syncQuality(ago(31 * DAY), now)).toEqual({ isFresh: false, isStale: true, confidence: 0.72 });
    expect(syncQuality(ago(400 * DAY), now)).toEqual({ isFresh: false, isStale: true, confidence: 0.2 });
  });

  it("becomes fresh when the person writes", async () => {
    const thread = threads.find((th) => th.contact && !th.archived)!;
    await t.request("POST", "//_sandbox/inbound", { body: { threadId: thread.id, content: "Still here" } });
    const prospect = expectV1Ok(await get("GET", `/prospects/${thread.profileId}`), v1Prospect);
    expect(prospect).toMatchObject({ isFresh: true, isStale: false, confidence: 1 });
    expect(prospect.lastActiveAt).toBe(prospect.lastEnrichedAt);
  });

  it("looks a prospect up by platformId or by username (case-insensitive, @ optional)", async () => {
    const thread = threads.find((th) => th.contact && th.profile?.username)!;
    const profile = thread.profile!;
    const byId = expectV1Ok(await get("GET", `/prospects/lookup?identifier=${encodeURIComponent(profile.platformId)}`), v1Prospect);
    expect(byId.id).toBe(profile.id);
    expect(expectV1Ok(await get("GET", `/prospects/lookup?by=platformId&identifier=${encodeURIComponent(profile.platformId)}&platform=${profile.platform}`), v1Prospect).id).toBe(profile.id);
    for (const name of [profile.username!, `@${profile.username!.toUpperCase()}`]) {
      const found = expectV1Ok(await get("GET", `/prospects/lookup?by=username&identifier=${encodeURIComponent(name)}&platform=${profile.platform}`), v1Prospect);
      expect(found.id).toBe(profile.id);
    }
    expectV1Error(await get("GET", "/prospects/lookup?identifier=nobody-at-all"), 404, "PROSPECT_NOT_FOUND");
    expectV1Validation(await get("GET", "/prospects/lookup"), "identifier", "required");
    expectV1Validation(await get("GET", "/prospects/lookup?identifier=x&by=email"), "by", "invalid_value");
    expectV1Validation(await get("GET", "/prospects/lookup?identifier=x&identifier=y"), "identifier");
    const refused = expectV1Error(await get("GET", "/prospects/lookup?identifier=x&platform=telegram", { token: TOKENS.globex }), 403, "FORBIDDEN");
    expect(refused.details).toMatchObject({ reason: "platformNotAvailable", platform: "telegram" });
  });

  it("changes the context with addTags and removeTags (never tagIds), as v2's contact", async () => {
    const thread = threads.find((th) => th.contact && th.contact.tagIds.length === 0)!;
    const [tagA, tagB] = expectV1Ok(await get("GET", "/tags"), v1TagList);
    const [status] = expectV1Ok(await get("GET", "/statuses"), v1StatusList);
    const path = `/prospects/${thread.profileId}/context`;
    const seq = await t.seqOf((await t.teamIds()).acme);
    const changed = expectV1Ok(
      await get("PATCH", path, { body: { addTags: [tagA!.id, tagB!.id], statusId: status!.id, notes: "From v1", valuation: 1200 } }),
      v1ProspectContext,
    );
    expect(changed).toMatchObject({ tags: [tagA!.id, tagB!.id], statusId: status!.id, notes: "From v1", valuation: 1200 });
    const contact = expectOk(await t.request("GET", `/contacts/${thread.contactId}`), contactV2);
    expect(contact).toMatchObject({ tagIds: [tagA!.id, tagB!.id], statusId: status!.id, notes: "From v1", valuation: 1200 });
    const types = (await t.eventsSince(seq)).map((e) => e.type).sort();
    expect(types).toEqual(["contact.notesChanged", "contact.statusChanged", "contact.tagsChanged", "contact.valuationChanged"]);

    const after = expectV1Ok(await get("PATCH", path, { body: { removeTags: [tagA!.id], statusId: null, notes: null } }), v1ProspectContext);
    expect(after).toMatchObject({ tags: [tagB!.id], statusId: null, notes: null });

    expectV1Validation(await get("PATCH", path, { body: { tagIds: [tagA!.id] } }), "tagIds", "unrecognized_keys");
    expectV1Validation(await get("PATCH", path, { body: { addTags: [tagA!.id], removeTags: [tagA!.id] } }), "removeTags", "conflict");
    expectV1Validation(await get("PATCH", path, { body: { addTags: "x" } }), "addTags", "invalid_type");
    expectV1Validation(await get("PATCH", path, { body: { valuation: -1 } }), "valuation", "too_small");
    expectV1Error(await get("PATCH", path, { body: { addTags: ["nosuchtag"] } }), 404, "TAG_NOT_FOUND");
    expectV1Error(await get("PATCH", path, { body: { statusId: "nosuchstatus" } }), 404, "STATUS_NOT_FOUND");
    expectV1Error(await get("PATCH", "/prospects/nosuchprospect/context", { body: { notes: "x" } }), 404, "PROSPECT_NOT_FOUND");
  });
});
