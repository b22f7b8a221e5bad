import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { page } from "@/lib/api/primitives";
import { thread as threadV2, type Thread } from "@/lib/api/threads";
import { v1AccountLinkList, v1MemberList, v1Prospect } from "@/lib/api/v1/resources";
import { v1Thread, v1ThreadArray, v1ThreadPage, type V1Thread } from "@/lib/api/v1/threads";
import { expectOk, sandboxForFile, TOKENS } from "../testing/harness";
import { expectV1Error, expectV1Ok, expectV1Validation, v1 } from "../testing/v1";

const t = sandboxForFile();
let get: ReturnType<typeof v1>;
/** Every Acme thread as v2 shows it, with its contact and profile, newest first. */
let all: Thread[];

const v2Page = page(threadV2);

async function v2Threads(query: string): Promise<Thread[]> {
  const out: Thread[] = [];
  let cursor: string | null = null;
  do {
    const body: z.infer<typeof v2Page> = expectOk(await t.request("GET", `/threads?limit=100&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`), v2Page);
    out.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return out;
}

/** Every page of a v1 list, following `nextCursor` with `cursorId` and `cursorTimestamp`. */
async function v1Ids(query: string, limit = 100): Promise<string[]> {
  const ids: string[] = [];
  let next: { id: string; timestamp: string } | null = null;
  do {
    const cursor: string = next ? `&cursorId=${next.id}&cursorTimestamp=${encodeURIComponent(next.timestamp)}` : "";
    const body: z.infer<typeof v1ThreadPage> = expectV1Ok(await get("GET", `/threads?limit=${limit}&${query}${cursor}`), v1ThreadPage);
    expect(body.threads.length).toBeLessThanOrEqual(limit);
    ids.push(...body.threads.map((th) => th.id));
    next = body.nextCursor;
  } while (next);
  return ids;
}

const inDefault = (th: Thread) => !th.archived && th.acceptanceState === "accepted";
const ids = (threads: Thread[]) => threads.map((th) => th.id);

beforeAll(async () => {
  get = v1(t);
  all = await v2Threads("folder=all&expand=contact&expand=profile");
}, 60_000);
describe("GET /threads", () => {
  it("shows each inbox view as v2's folder, newest first, page by page", async () => {
    expect(await v1Ids("")).toEqual(ids(await v2Threads("folder=inbox")));
    expect(await v1Ids("inbox=default", 7)).toEqual(ids(await v2Threads("folder=inbox")));
    expect(await v1Ids("inbox=no-reply")).toEqual(ids(await v2Threads("folder=noReply")));
    expect(await v1Ids("inbox=requests")).toEqual(ids(await v2Threads("folder=requests")));
    expect(await v1Ids("inbox=archived")).toEqual(ids(await v2Threads("folder=archived")));
    expect((await v1Ids("inbox=archived")).length).toBeGreaterThan(0);
  });

  it("pages by 20 by default; the deprecated cursor form and sortOrder=asc agree", async () => {
    const first = expectV1Ok(await get("GET", "/threads"), v1ThreadPage);
    expect(first.threads).toHaveLength(20);
    const next = first.nextCursor!;
    const modern = expectV1Ok(await get("GET", `/threads?cursorId=${next.id}&cursorTimestamp=${encodeURIComponent(next.timestamp)}`), v1ThreadPage);
    const legacy = expectV1Ok(await get("GET", `/threads?cursor[id]=${next.id}&cursor[timestamp]=${encodeURIComponent(next.timestamp)}`), v1ThreadPage);
    expect(legacy).toEqual(modern);
    expect(modern.threads[0]!.id).not.toBe(first.threads[0]!.id);
    const everything = await v1Ids("");
    expect(await v1Ids("filters[sortOrder]=asc", 30)).toEqual([...everything].reverse());
  });

  it("filters by tags, statuses, assignees, campaigns and account links, in all three array encodings", async () => {
    const base = all.filter(inDefault);
    const tagIds = [...new Set(base.flatMap((th) => th.contact?.tagIds ?? []))].slice(0, 2);
    expect(tagIds).toHaveLength(2);
    const tagged = ids(base.filter((th) => th.contact?.tagIds.some((id) => tagIds.includes(id))));
    const [a, b] = tagIds;
    for (const query of [
      `filters[tags][selectedIds][0]=${a}&filters[tags][selectedIds][1]=${b}`,
      `filters[tags][selectedIds][]=${a}&filters[tags][selectedIds][]=${b}`,
      `filters[tags][selectedIds]=${a}&filters[tags][selectedIds]=${b}`,
      `filters[tags][selectedIds][1]=${b}&filters[tags][selectedIds][0]=${a}`,
    ]) {
      expect(await v1Ids(query), query).toEqual(tagged);
    }
    const untagged = ids(base.filter((th) => (th.contact?.tagIds.length ?? 0) === 0));
    expect(await v1Ids("filters[tags][noTags]=true")).toEqual(untagged);
    expect(await v1Ids("filters[tags][noTags]=false")).toEqual(ids(base));
    expect(await v1Ids(`filters[tags][selectedIds][0]=${a}&filters[tags][noTags]=true`)).toEqual(
      ids(base.filter((th) => (th.contact?.tagIds.length ?? 0) === 0 || th.contact?.tagIds.includes(a!))),
    );

    const statusId = base.find((th) => th.contact?.statusId)!.contact!.statusId!;
    expect(await v1Ids(`filters[statuses][selectedIds][]=${statusId}`)).toEqual(ids(base.filter((th) => th.contact?.statusId === statusId)));
    expect(await v1Ids("filters[statuses][noStatus]=true")).toEqual(ids(base.filter((th) => !th.contact?.statusId)));

    const assigneeId = base.find((th) => th.assigneeId)!.assigneeId!;
    expect(await v1Ids(`filters[assignees][selectedIds]=${assigneeId}`)).toEqual(ids(base.filter((th) => th.assigneeId === assigneeId)));
    expect(await v1Ids("filters[assignees][noAssignee]=true")).toEqual(ids(base.filter((th) => !th.assigneeId)));

    const campaignId = all.find((th) => th.campaignId)!.campaignId!;
    expect(await v1Ids(`inbox=archived&filters[campaigns][selectedIds][0]=${campaignId}`)).toEqual(
      ids(all.filter((th) => th.archived && th.campaignId === campaignId)),
    );
    expect(await v1Ids("filters[campaigns][noCampaign]=true")).toEqual(ids(base.filter((th) => !th.campaignId)));

    const linkId = base[0]!.accountLinkId;
    expect(await v1Ids(`accountLinkIds[0]=${linkId}&filters[assignees][noAssignee]=true`)).toEqual(
      ids(base.filter((th) => th.accountLinkId === linkId && !th.assigneeId)),
    );
  });

  it("shows each thread as v2's, in v1 terms", async () => {
    const [first] = expectV1Ok(await get("GET", "/threads?limit=1"), v1ThreadPage).threads;
    const v2 = all.find((th) => th.id === first!.id)!;
    expect(first).toMatchObject({
      accountLinkId: v2.accountLinkId,
      prospectId: v2.profileId,
      done: v2.archived,
      isSyncing: v2.syncing,
      assigneeId: v2.assigneeId,
      lastMessageTimestamp: v2.activity.at,
    });
    expect(first!.lastMessage?.id).toBe(v2.lastMessage?.id);
    expect(first!.lastMessage?.authorId).toBe(v2.lastMessage?.direction === "outbound" ? v2.accountLinkId : v2.profileId);
    expect(first).not.toHaveProperty("direction");
  });

  it("refuses bad queries with VALIDATION_ERROR or INVALID_CURSOR, never a 500", async () => {
    expectV1Validation(await get("GET", "/threads?inbox=inbox"), "inbox", "invalid_value");
    expectV1Validation(await get("GET", "/threads?inbox=default&inbox=archived"), "inbox");
    expectV1Validation(await get("GET", "/threads?limit=0"), "limit", "too_small");
    expectV1Validation(await get("GET", "/threads?limit=101"), "limit", "too_big");
    expectV1Validation(await get("GET", "/threads?limit=ten"), "limit");
    expectV1Validation(await get("GET", "/threads?filters[tags][selectedIds][0]=NOT-AN-ID"), "filters.tags.selectedIds.0");
    expectV1Validation(await get("GET", "/threads?filters[color]=red"), "filters.color", "unrecognized_keys");
    expectV1Validation(await get("GET", "/threads?folder=inbox"), "folder", "unrecognized_keys");
    expectV1Validation(await get("GET", "/threads?filters[tags=x"), "filters[tags", "malformed");
    expectV1Validation(await get("GET", "/threads?filters=1&filters[tags][noTags]=true"), "filters", "malformed");
    expectV1Validation(await get("GET", "/threads?accountLinkIds[1000]=abc"), "accountLinkIds[1000]", "too_big");
    expectV1Validation(await get("GET", "/threads?filters[sortOrder]=newest"), "filters.sortOrder");
    expectV1Validation(await get("GET", "/threads?filters[tags][noTags]=yes"), "filters.tags.noTags");
    expectV1Error(await get("GET", "/threads?cursorId=abc"), 400, "INVALID_CURSOR");
    expectV1Error(await get("GET", "/threads?cursorId=abc&cursorTimestamp=yesterday"), 400, "INVALID_CURSOR");
    expectV1Error(await get("GET", "/threads?cursorId=ABC&cursorTimestamp=2026-11-01T00:00:00.000Z"), 400, "INVALID_CURSOR");
    expectV1Error(await get("GET", "/threads?cursorId=abc&cursorTimestamp=2026-11-01T00:00:00.000Z&cursor[id]=abc&cursor[timestamp]=2026-11-01T00:00:00.000Z"), 400, "INVALID_CURSOR");
    expectV1Error(await get("GET", "/threads?cursor[timestamp]=2026-11-01T00:00:00.000Z"), 400, "INVALID_CURSOR");
  });
});

describe("one thread", () => {
  it("creates a thread with a new person (and their prospect), then 409 DUPLICATE_THREAD; looks it up", async () => {
    const link = expectV1Ok(await get("GET", "/account-links"), v1AccountLinkList).find((l) => l.status === "active" && l.capabilities.includes("thread:create"))!;
    const created = expectV1Ok(await get("POST", "/threads", { body: { externalPlatformId: "v1-new-person", accountLinkId: link.id } }), v1Thread, 201);
    expect(created).toMatchObject({ accountLinkId: link.id, done: false, lastMessage: null });
    const prospect = expectV1Ok(await get("GET", `/prospects/${created.prospectId}`), v1Prospect);
    expect(prospect.platformId).toBe("v1-new-person");
    expect(prospect.context.threads.map((th) => th.id)).toEqual([created.id]);
    const duplicate = expectV1Error(await get("POST", "/threads", { body: { externalPlatformId: "v1-new-person", accountLinkId: link.id } }), 409, "DUPLICATE_THREAD");
    expect(duplicate.details).toEqual({ threadId: created.id });
    expectV1Error(await get("POST", "/threads", { body: { externalPlatformId: "x", accountLinkId: "nosuchlink" } }), 404, "ACCOUNT_LINK_NOT_FOUND");
    expectV1Validation(await get("POST", "/threads", { body: { accountLinkId: link.id } }), "externalPlatformId", "required");

    const lookup = `/threads/lookup?externalPlatformId=v1-new-person&accountLinkId=${link.id}`;
    expect(expectV1Ok(await get("GET", lookup), v1Thread)).toEqual(created);
    const none = await get("GET", `/threads/lookup?externalPlatformId=nobody-here&accountLinkId=${link.id}`);
    expect(none.status).toBe(200);
    expect(none.json).toBeNull();
    expectV1Validation(await get("GET", "/threads/lookup?externalPlatformId=x"), "accountLinkId", "required");
    expectV1Error(await get("GET", "/threads/lookup?externalPlatformId=x&accountLinkId=nosuchlink"), 404, "ACCOUNT_LINK_NOT_FOUND");
  });

  it("looks threads up by username across account links: case-insensitive, @ optional", async () => {
    const withName = all.find((th) => th.profile?.username)!;
    const username = withName.profile!.username!;
    const expected = ids(all.filter((th) => th.profile?.username?.toLowerCase() === username.toLowerCase()));
    for (const given of [username, `@${username}`, username.toUpperCase()]) {
      const found = expectV1Ok(await get("GET", `/threads/lookup-by-username?username=${encodeURIComponent(given)}`), v1ThreadArray);
      expect(found.map((th) => th.id).sort()).toEqual([...expected].sort());
    }
    expect(expectV1Ok(await get("GET", "/threads/lookup-by-username?username=no-such-user-anywhere"), v1ThreadArray)).toEqual([]);
    expectV1Validation(await get("GET", "/threads/lookup-by-username"), "username", "required");
  });

  it("moves a thread to done and back (v2's archived), assigns it, and sets typing indicators", async () => {
    const target = all.find((th) => inDefault(th))!;
    const done = expectV1Ok(await get("PATCH", `/threads/${target.id}`, { body: { done: true } }), v1Thread);
    expect(done.done).toBe(true);
    expect(expectOk(await t.request("GET", `/threads/${target.id}`), threadV2).archived).toBe(true);
    expect(await v1Ids("inbox=archived")).toContain(target.id);
    expect(expectV1Ok(await get("PATCH", `/threads/${target.id}`, { body: { done: false } }), v1Thread).done).toBe(false);

    const member = expectV1Ok(await get("GET", "/members"), v1MemberList)[0]!;
    expect(expectV1Ok(await get("PATCH", `/threads/${target.id}`, { body: { assigneeId: member.id } }), v1Thread).assigneeId).toBe(member.id);
    expectV1Error(await get("PATCH", `/threads/${target.id}`, { body: { assigneeId: "nosuchmember" } }), 404, "MEMBER_NOT_FOUND");
    expectV1Validation(await get("PATCH", `/threads/${target.id}`, { body: { archived: true } }), "archived", "unrecognized_keys");
    expectV1Validation(await get("PATCH", `/threads/${target.id}`, { body: { done: "yes" } }), "done", "invalid_type");

    const settings = z.looseObject({ typingIndicatorsEnabled: z.boolean() });
    expect(expectV1Ok(await get("PATCH", `/threads/${target.id}/settings`, { body: { typingIndicatorsEnabled: false } }), settings)).toEqual({ typingIndicatorsEnabled: false });
    expect(expectOk(await t.request("GET", `/threads/${target.id}`), threadV2).typingIndicators).toBe("disabled");
    expect(expectV1Ok(await get("GET", `/threads/${target.id}`), v1Thread).settings.typingIndicatorsEnabled).toBe(false);
    expectV1Validation(await get("PATCH", `/threads/${target.id}/settings`, { body: {} }), "typingIndicatorsEnabled", "required");
  });

  it("deletes a thread; unknown, other teams' and malformed IDs are THREAD_NOT_FOUND", async () => {
    const target = all.find((th) => th.archived)!;
    expect(expectV1Ok(await get("DELETE", `/threads/${target.id}`), z.looseObject({ success: z.literal(true) }))).toEqual({ success: true });
    expectV1Error(await get("GET", `/threads/${target.id}`), 404, "THREAD_NOT_FOUND");
    expectV1Error(await get("DELETE", `/threads/${target.id}`), 404, "THREAD_NOT_FOUND");
    expectV1Error(await get("GET", "/threads/NotAnId"), 404, "THREAD_NOT_FOUND");
    const other: V1Thread = expectV1Ok(await get("GET", "/threads?limit=1", { token: TOKENS.globex }), v1ThreadPage).threads[0]!;
    expectV1Error(await get("GET", `/threads/${other.id}`), 404, "THREAD_NOT_FOUND");
    expectV1Error(await get("PATCH", `/threads/${other.id}`, { body: { done: true } }), 404, "THREAD_NOT_FOUND");
  });
});
