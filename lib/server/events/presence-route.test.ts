import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as presenceRoute from "@/app/api/presence/route";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
let member = "";

beforeAll(async () => {
  bff = await startTestBff();
  member = await bff.signIn("sam");
  await bff.runtime.gateway.index.ready();
}, 60_000);
afterAll(() => bff.close());

describe("POST /api/presence", () => {
  it("puts the member in the thread, and out of it", async () => {
    const threadId = bff.runtime.gateway.index.all()[0]!.id;
    const beat = await call(presenceRoute, "POST", "/api/presence", { cookie: member, body: { tabId: "tab-00000001", threadId, typing: true } });
    expect(beat.status).toBe(204);
    expect(bff.runtime.presence.people(threadId)).toEqual([expect.objectContaining({ name: "Sam Rivera", typing: true })]);
    await call(presenceRoute, "POST", "/api/presence", { cookie: member, body: { tabId: "tab-00000001", threadId: null } });
    expect(bff.runtime.presence.people(threadId)).toEqual([]);
  });

  it("ends the member's typing at once when their tab says they stopped (they sent)", async () => {
    const threadId = bff.runtime.gateway.index.all()[1]!.id;
    const beat = (typing: boolean) => call(presenceRoute, "POST", "/api/presence", { cookie: member, body: { tabId: "tab-00000002", threadId, typing } });
    await beat(true);
    expect(bff.runtime.presence.people(threadId)).toEqual([expect.objectContaining({ typing: true })]);
    expect((await beat(false)).status).toBe(204);
    expect(bff.runtime.presence.people(threadId)).toEqual([expect.objectContaining({ name: "Sam Rivera", typing: false })]);
  });

  it("refuses bad input with the spec's error body, and visitors without a session", async () => {
    const bad = await call(presenceRoute, "POST", "/api/presence", { cookie: member, body: { tabId: "x", threadId: "NOT AN ID" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalidRequest", requestId: expect.any(String) });
    const anonymous = await call(presenceRoute, "POST", "/api/presence", { body: { tabId: "tab-00000001", threadId: null } });
    expect(anonymous.status).toBe(401);
  });
});
