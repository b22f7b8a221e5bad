import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, paginateItems, type ApiClient } from "@/lib/api/client";
import { ApiError } from "@/lib/api/errors";
import type { Thread, ThreadListQuery } from "@/lib/api/threads";
import { threadListQuery } from "@/lib/api/threads";
import { createSandbox, type Sandbox } from "@/lib/sandbox/app";
import { queryThreads, type QueryContext } from "./thread-query";

let sandbox: Sandbox;
let api: ApiClient;
let all: Thread[];
let context: QueryContext;

beforeAll(async () => {
  sandbox = await createSandbox({ rateLimits: { minute: 1e9, hour: 1e9, day: 1e9 } });
  api = createApiClient({ baseUrl: "http://sandbox.test/v2", token: "sandbox-token-acme", fetch: (input, init) => sandbox.fetch(new Request(input, init)) });
  all = [];
  for await (const t of paginateItems(api.threads.list, { folder: "all", expand: ["contact", "profile"], limit: 100 })) all.push(t);
  const links = [];
  for await (const l of paginateItems(api.accountLinks.list, { limit: 100 })) links.push(l);
  const tags = [];
  for await (const t of paginateItems(api.tags.list, { limit: 100 })) tags.push(t);
  const statuses = [];
  for await (const s of paginateItems(api.statuses.list, { limit: 100 })) statuses.push(s);
  context = { tags, statuses, linkPlatforms: new Map(links.map((l) => [l.id, l.platform])) };
}, 60_000);
afterAll(() => sandbox.close());

/** Every page of a query, from the index, following our own cursors. */
function local(query: ThreadListQuery): string[] {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const parsed = threadListQuery.schema.parse({ ...query, cursor });
    const page = queryThreads(all, parsed, context);
    ids.push(...page.data.map((t) => t.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

async function upstream(query: ThreadListQuery): Promise<string[]> {
  const ids: string[] = [];
  for await (const t of paginateItems(api.threads.list, query)) ids.push(t.id);
  return ids;
}

describe("GET /threads from the index agrees with the API", () => {
  it("has a world to compare on", () => {
    expect(all.length).toBeGreaterThan(100);
  });

  const cases = (): [string, ThreadListQuery][] => {
    const someTag = context.tags[0]!;
    const someStatus = context.statuses[1]!;
    const assigned = all.find((t) => t.assigneeId)!;
    const withCampaign = all.find((t) => t.campaignId);
    const linkId = all[0]!.accountLinkId;
    const word = all.find((t) => t.profile?.displayName)!.profile!.displayName!.split(" ")[0]!.slice(0, 3);
    return [
      ["the default folder", {}],
      ...(["inbox", "noReply", "requests", "archived", "all"] as const).map((folder): [string, ThreadListQuery] => [`folder ${folder}`, { folder }]),
      ["an account link", { folder: "all", accountLinkId: [linkId] }],
      ["a platform", { folder: "all", platform: context.linkPlatforms.get(linkId)! }],
      ["a tag by ID", { folder: "all", tag: [someTag.id] }],
      ["a tag by name, in another case", { folder: "all", tag: [someTag.name.toUpperCase()] }],
      ["two statuses", { folder: "all", status: [someStatus.id, context.statuses[3]!.name] }],
      ["a tag that does not exist", { folder: "all", tag: ["no-such-tag"] }],
      ["an assignee", { folder: "all", assigneeId: [assigned.assigneeId!] }],
      ["unassigned", { folder: "all", unassigned: true }],
      ["assigned", { folder: "inbox", unassigned: false }],
      ["a search", { folder: "all", q: word }],
      ["a contact", { folder: "all", contactId: all[3]!.contactId! }],
      ["oldest first", { folder: "noReply", order: "oldest" }],
      ...(withCampaign ? [["a campaign", { folder: "all", campaignId: [withCampaign.campaignId!] }] as [string, ThreadListQuery]] : []),
      ["small pages", { folder: "all", limit: 7 }],
      ["everything at once", { folder: "inbox", tag: [someTag.name], unassigned: false, order: "oldest", limit: 3 }],
    ];
  };

  it("for every filter, folder, order and page size", async () => {
    for (const [label, query] of cases()) {
      expect(local({ limit: 10, ...query }), label).toEqual(await upstream({ limit: 10, ...query }));
    }
  });

  it("refuses a cursor made with other filters, as the API does", () => {
    const first = queryThreads(all, threadListQuery.schema.parse({ folder: "all", limit: 5 }), context);
    expect(() => queryThreads(all, threadListQuery.schema.parse({ folder: "inbox", limit: 5, cursor: first.nextCursor! }), context)).toThrow(ApiError);
    expect(() => queryThreads(all, threadListQuery.schema.parse({ folder: "all", cursor: "garbage" }), context)).toThrow(/malformed/);
  });

  it("embeds only what expand asks for", () => {
    const bare = queryThreads(all, threadListQuery.schema.parse({ folder: "all", limit: 1 }), context).data[0]!;
    expect(bare).not.toHaveProperty("contact");
    expect(bare).not.toHaveProperty("profile");
    const full = queryThreads(all, threadListQuery.schema.parse({ folder: "all", limit: 1, expand: ["contact", "profile"] }), context).data[0]!;
    expect(full.profile).toBeTruthy();
    expect(full).toHaveProperty("contact");
  });
});
