import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { message as messageV2 } from "@/lib/api/messages";
import { page } from "@/lib/api/primitives";
import { thread as threadV2, type Thread } from "@/lib/api/threads";
import { v1AccountLinkList, v1Prospect, type V1AccountLink } from "@/lib/api/v1/resources";
import { v1Message, v1MessageHistory, v1MessagePage, v1QuickSendResult, v1SuccessResult, v1Thread, type V1Message } from "@/lib/api/v1/threads";
import { expectOk, sandboxForFile, TOKENS } from "../testing/harness";
import { expectV1Error, expectV1Ok, expectV1Validation, v1 } from "../testing/v1";

const t = sandboxForFile();
let get: ReturnType<typeof v1>;
let links: V1AccountLink[];
let threads: Thread[];

/** An Acme thread in the default view whose account can do all of `capabilities`. */
function threadWhere(capabilities: string[], taken = new Set<string>()): Thread {
  const found = threads.find((th) => {
    const link = links.find((l) => l.id === th.accountLinkId)!;
    return !taken.has(th.id) && link.status === "active" && th.restrictions.length === 0 && !th.archived && th.lastMessage &&
      capabilities.every((cap) => link.capabilities.includes(cap));
  });
  if (!found) throw new Error(`No thread for ${capabilities.join(", ")}`);
  taken.add(found.id);
  return found;
}
const used = new Set<string>();

beforeAll(async () => {
  get = v1(t);
  links = expectV1Ok(await get("GET", "/account-links"), v1AccountLinkList);
  threads = expectOk(await t.request("GET", "/threads?limit=100&folder=inbox"), page(threadV2)).data;
}, 60_000);
describe("sending", () => {
  it("sends text in a thread: authored by the account link, no direction, first in the list and the thread's last message", async () => {
    const thread = threadWhere(["message:send"], used);
    const sent = expectV1Ok(await get("POST", `/threads/${thread.id}/messages`, { body: { content: "Hello from v1" } }), v1Message, 201);
    expect(sent).toMatchObject({ threadId: thread.id, authorId: thread.accountLinkId, content: "Hello from v1", deletedAt: null });
    expect(sent).not.toHaveProperty("direction");
    const list = expectV1Ok(await get("GET", `/threads/${thread.id}/messages?limit=1`), v1MessagePage);
    expect(list.messages[0]).toEqual(sent);
    expect(expectV1Ok(await get("GET", `/threads/${thread.id}`), v1Thread).lastMessage).toMatchObject({ id: sent.id, authorId: thread.accountLinkId, content: "Hello from v1" });
    expect(expectOk(await t.request("GET", `/messages/${sent.id}`), messageV2).direction).toBe("outbound");
  });

  it("refuses empty, non-text and over-long content with VALIDATION_ERROR on content", async () => {
    const thread = threadWhere(["message:send"], used);
    expectV1Validation(await get("POST", `/threads/${thread.id}/messages`, { body: { content: "" } }), "content", "too_small");
    expectV1Validation(await get("POST", `/threads/${thread.id}/messages`, { body: { content: 5 } }), "content", "invalid_type");
    expectV1Validation(await get("POST", `/threads/${thread.id}/messages`, { body: { content: "hi", attachments: [] } }), "attachments", "unrecognized_keys");
    expectV1Validation(await get("POST", `/threads/${thread.id}/messages`, { body: { content: "x".repeat(20_000) } }), "content", "too_long");
    expectV1Error(await get("POST", "/threads/nosuchthread/messages", { body: { content: "hi" } }), 404, "THREAD_NOT_FOUND");
  });

  it("quick-sends to a new person, creating thread and prospect; a second send reuses the thread", async () => {
    const link = links.find((l) => l.status === "active" && l.capabilities.includes("thread:create"))!;
    const body = { externalPlatformId: "v1-quick-person", accountLinkId: link.id, content: "First hello" };
    const first = expectV1Ok(await get("POST", "/threads/messages", { body }), v1QuickSendResult, 201);
    expect(first.message.authorId).toBe(link.id);
    expect(first.thread.lastMessage?.id).toBe(first.message.id);
    const prospect = expectV1Ok(await get("GET", `/prospects/${first.thread.prospectId}`), v1Prospect);
    expect(prospect.platformId).toBe("v1-quick-person");
    const second = expectV1Ok(await get("POST", "/threads/messages", { body: { ...body, content: "Again" } }), v1QuickSendResult, 201);
    expect(second.thread.id).toBe(first.thread.id);
    expectV1Error(await get("POST", "/threads/messages", { body: { ...body, accountLinkId: "nosuchlink" } }), 404, "ACCOUNT_LINK_NOT_FOUND");
    expectV1Validation(await get("POST", "/threads/messages", { body: { accountLinkId: link.id, content: "x" } }), "externalPlatformId", "required");
  });

  it("needs the outbound-messaging add-on for a first message to a new contact, not for replies", async () => {
    const globexLinks = expectV1Ok(await get("GET", "/account-links", { token: TOKENS.globex }), v1AccountLinkList);
    const link = globexLinks.find((l) => l.status === "active" && l.capabilities.includes("thread:create"))!;
    const quick = { externalPlatformId: "v1-cold-person", accountLinkId: link.id, content: "Cold hello" };
    expect(expectV1Error(await get("POST", "/threads/messages", { body: quick, token: TOKENS.globex }), 403, "FORBIDDEN").details).toMatchObject({ reason: "planRequired" });
    const empty = expectV1Ok(await get("POST", "/threads", { body: { externalPlatformId: "v1-cold-person", accountLinkId: link.id }, token: TOKENS.globex }), v1Thread, 201);
    expect(expectV1Error(await get("POST", `/threads/${empty.id}/messages`, { body: { content: "hi" }, token: TOKENS.globex }), 403, "FORBIDDEN").details).toMatchObject({ reason: "planRequired" });
    const globexThreads = expectOk(await t.request("GET", "/threads?limit=100", { token: TOKENS.globex }), page(threadV2)).data;
    const reply = globexThreads.find((th) => th.lastMessage && th.restrictions.length === 0 && globexLinks.find((l) => l.id === th.accountLinkId)?.status === "active")!;
    expectV1Ok(await get("POST", `/threads/${reply.id}/messages`, { body: { content: "A reply" }, token: TOKENS.globex }), v1Message, 201);
  });

  it("answers 502 SEND_UNCONFIRMED with details.messageId, and 409 for a disconnected account", async () => {
    const thread = threadWhere(["message:send"], used);
    expectOk(await t.request("POST", "//_sandbox/faults", { body: { kind: "sendUnconfirmed", count: 1, delivered: true } }), z.looseObject({}), 201);
    const error = expectV1Error(await get("POST", `/threads/${thread.id}/messages`, { body: { content: "Maybe" } }), 502, "SEND_UNCONFIRMED");
    const { messageId } = z.object({ messageId: z.string() }).parse(error.details);
    expect(expectOk(await t.request("GET", `/messages/${messageId}`), messageV2).content).toBe("Maybe");

    const other = threadWhere(["message:send"], used);
    await t.request("POST", `//_sandbox/account-links/${other.accountLinkId}/status`, { body: { status: "offline" } });
    try {
      const refused = expectV1Error(await get("POST", `/threads/${other.id}/messages`, { body: { content: "hi" } }), 409, "ACCOUNT_LINK_DISCONNECTED");
      expect(refused.details).toMatchObject({ status: "offline" });
    } finally {
      await t.request("POST", `//_sandbox/account-links/${other.accountLinkId}/status`, { body: { status: "active" } });
    }
  });
});

describe("reading and changing messages", () => {
  it("lists 20 a page, newest first, with either cursor form; the person's messages are authored by the prospect", async () => {
    const thread = threads.find((th) => th.lastMessage)!;
    const all: V1Message[] = [];
    let next: { id: string; timestamp: string } | null = null;
    do {
      const query: string = next ? `?cursorId=${next.id}&cursorTimestamp=${encodeURIComponent(next.timestamp)}` : "";
      const body: z.infer<typeof v1MessagePage> = expectV1Ok(await get("GET", `/threads/${thread.id}/messages${query}`), v1MessagePage);
      expect(body.messages.length).toBeLessThanOrEqual(20);
      all.push(...body.messages);
      next = body.nextCursor;
    } while (next);
    const v2 = expectOk(await t.request("GET", `/threads/${thread.id}/messages?limit=100`), page(messageV2)).data;
    expect(all.map((m) => m.id)).toEqual(v2.map((m) => m.id));
    for (const [i, m] of all.entries()) expect(m.authorId).toBe(v2[i]!.direction === "outbound" ? thread.accountLinkId : thread.profileId);
    const second = expectV1Ok(await get("GET", `/threads/${thread.id}/messages?limit=2`), v1MessagePage);
    expect(all.length).toBeGreaterThan(3);
    const { id, timestamp } = second.nextCursor!;
    const legacy = expectV1Ok(await get("GET", `/threads/${thread.id}/messages?limit=2&cursor[id]=${id}&cursor[timestamp]=${encodeURIComponent(timestamp)}`), v1MessagePage);
    expect(legacy.messages.map((m) => m.id)).toEqual(all.slice(2, 4).map((m) => m.id));
    expectV1Validation(await get("GET", `/threads/${thread.id}/messages?limit=500`), "limit", "too_big");
    expectV1Error(await get("GET", `/threads/${thread.id}/messages?cursorTimestamp=2026-01-01T00:00:00Z`), 400, "INVALID_CURSOR");
  });

  it("edits, keeps history, reacts and unsends for everyone, under the thread's path", async () => {
    const thread = threadWhere(["message:send", "message:edit", "message:react", "message:unsend"], used);
    const sent = expectV1Ok(await get("POST", `/threads/${thread.id}/messages`, { body: { content: "Draft" } }), v1Message, 201);
    const path = `/threads/${thread.id}/messages/${sent.id}`;
    const edited = expectV1Ok(await get("PATCH", path, { body: { content: "Final" } }), v1Message);
    expect(edited.content).toBe("Final");
    expect(edited.editedAt).not.toBeNull();
    const history = expectV1Ok(await get("GET", `${path}/history`), v1MessageHistory);
    expect(history.versions.map((v) => v.content)).toEqual(["Draft", "Final"]);

    expect(expectV1Ok(await get("POST", `${path}/reactions/reactions`, { body: { emoji: "👍" } }), v1SuccessResult)).toEqual({ success: true, messageId: sent.id });
    expect(expectV1Ok(await get("GET", `/threads/${thread.id}/messages?limit=1`), v1MessagePage).messages[0]!.reactions).toEqual([{ emoji: "👍", authorId: thread.accountLinkId }]);
    expectV1Ok(await get("DELETE", `${path}/reactions/reactions`, { body: { emoji: "👍" } }), v1SuccessResult);
    expect(expectOk(await t.request("GET", `/messages/${sent.id}`), messageV2).reactions).toEqual([]);
    expectV1Ok(await get("POST", `${path}/reactions/reactions`, { body: { emoji: "🔥" } }), v1SuccessResult);
    expectV1Ok(await get("DELETE", `${path}/reactions/reactions?emoji=${encodeURIComponent("🔥")}`), v1SuccessResult);
    expectV1Validation(await get("POST", `${path}/reactions/reactions`, { body: {} }), "emoji", "required");

    expect(expectV1Ok(await get("DELETE", `${path}?deleteForAll=true`), v1SuccessResult)).toEqual({ success: true, messageId: sent.id });
    expect(expectOk(await t.request("GET", `/messages/${sent.id}`), messageV2).deletedAt).not.toBeNull();
    expectV1Validation(await get("DELETE", `${path}?deleteForAll=maybe`), "deleteForAll");
  });

  it("finds a message only under its own thread; capability refusals keep their v2 meaning", async () => {
    const thread = threadWhere(["message:send"], used);
    const sent = expectV1Ok(await get("POST", `/threads/${thread.id}/messages`, { body: { content: "Mine" } }), v1Message, 201);
    const elsewhere = threads.find((th) => th.id !== thread.id)!;
    expectV1Error(await get("PATCH", `/threads/${elsewhere.id}/messages/${sent.id}`, { body: { content: "x" } }), 404, "MESSAGE_NOT_FOUND");
    expectV1Error(await get("GET", `/threads/${elsewhere.id}/messages/${sent.id}/history`), 404, "MESSAGE_NOT_FOUND");
    expectV1Error(await get("GET", `/threads/${thread.id}/messages/nosuchmessage/history`), 404, "MESSAGE_NOT_FOUND");
    expectV1Error(await get("DELETE", `/threads/nosuchthread/messages/${sent.id}`), 404, "THREAD_NOT_FOUND");

    const cannotEdit = threads.find((th) => {
      const link = links.find((l) => l.id === th.accountLinkId)!;
      return link.status === "active" && link.capabilities.includes("message:send") && !link.capabilities.includes("message:edit") && th.restrictions.length === 0 && !used.has(th.id);
    })!;
    const mine = expectV1Ok(await get("POST", `/threads/${cannotEdit.id}/messages`, { body: { content: "Fixed" } }), v1Message, 201);
    const refused = expectV1Error(await get("PATCH", `/threads/${cannotEdit.id}/messages/${mine.id}`, { body: { content: "Changed" } }), 422, "CAPABILITY_NOT_SUPPORTED");
    expect(refused.details).toMatchObject({ capability: "message:edit" });
  });
});
