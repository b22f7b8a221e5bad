import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/inbox/saved-replies/route";
import * as replyRoute from "@/app/api/inbox/saved-replies/[replyId]/route";
import type { SavedReply } from "@/lib/api/saved-replies";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
let marcus = ""; // manager
let sam = ""; // member
let jonas = ""; // member

beforeAll(async () => {
  bff = await startTestBff();
  [marcus, sam, jonas] = await Promise.all([bff.signIn("marcus"), bff.signIn("sam"), bff.signIn("jonas")]);
}, 60_000);
afterAll(() => bff.close());

const create = (cookie: string, body: unknown) => call(listRoute, "POST", "/api/inbox/saved-replies", { cookie, body });
const list = async (cookie: string): Promise<SavedReply[]> => (await (await call(listRoute, "GET", "/api/inbox/saved-replies", { cookie })).json()).data;
const patch = (cookie: string, id: string, body: unknown) => call(replyRoute, "PATCH", `/api/inbox/saved-replies/${id}`, { cookie, body, params: { replyId: id } });
const remove = (cookie: string, id: string) => call(replyRoute, "DELETE", `/api/inbox/saved-replies/${id}`, { cookie, params: { replyId: id } });

describe("/api/inbox/saved-replies", () => {
  it("a manager adds to the team's library, which every member reads and no member changes", async () => {
    const made = await create(marcus, { scope: "team", name: "Pricing", shortcut: "Pricing", body: "Hi {first-name|there}, our plans start at $29." });
    expect(made.status).toBe(201);
    const reply = (await made.json()) as SavedReply;
    expect(reply).toMatchObject({ scope: "team", shortcut: "pricing", updatedBy: expect.any(String) });

    expect(await list(sam)).toContainEqual(reply);

    for (const answer of [await patch(sam, reply.id, { body: "Free!" }), await remove(sam, reply.id), await create(sam, { scope: "team", name: "Mine", shortcut: "mine", body: "x" })]) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ code: "forbidden", message: "Only managers and admins can change the team's saved replies." });
    }
    expect((await list(marcus)).find((r) => r.id === reply.id)?.body).toBe(reply.body);

    const changed = await patch(marcus, reply.id, { body: "Hi {first-name|there}, plans start at $19." });
    expect(await changed.json()).toMatchObject({ id: reply.id, body: "Hi {first-name|there}, plans start at $19." });
    expect((await remove(marcus, reply.id)).status).toBe(204);
    expect((await list(sam)).some((r) => r.id === reply.id)).toBe(false);
  });

  it("a personal reply is its owner's alone: others neither see nor reach it, not even a manager", async () => {
    const reply = (await (await create(sam, { scope: "personal", name: "My sign-off", shortcut: "bye", body: "Cheers, {member-name}" })).json()) as SavedReply;
    expect(reply.scope).toBe("personal");
    expect((await list(sam)).map((r) => r.id)).toContain(reply.id);
    expect((await list(jonas)).map((r) => r.id)).not.toContain(reply.id);
    expect((await list(marcus)).map((r) => r.id)).not.toContain(reply.id);

    for (const answer of [await patch(jonas, reply.id, { name: "Taken" }), await remove(marcus, reply.id)]) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: "savedReplyNotFound" });
    }
    expect(await (await patch(sam, reply.id, { name: "Sign-off" })).json()).toMatchObject({ name: "Sign-off" });
    // The same shortcut in someone else's library, or the team's, is no clash.
    expect((await create(jonas, { scope: "personal", name: "Bye", shortcut: "bye", body: "Bye" })).status).toBe(201);
    expect((await create(marcus, { scope: "team", name: "Bye", shortcut: "bye", body: "Bye from the team" })).status).toBe(201);
  });

  it("refuses a shortcut already used in the same library with 409, on create and on rename", async () => {
    await create(sam, { scope: "personal", name: "Hello", shortcut: "hello", body: "Hello" });
    const again = await create(sam, { scope: "personal", name: "Hello again", shortcut: "HELLO", body: "Hello again" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "duplicateShortcut", details: { shortcut: "hello" } });

    const other = (await (await create(sam, { scope: "personal", name: "Other", shortcut: "other", body: "Other" })).json()) as SavedReply;
    const renamed = await patch(sam, other.id, { shortcut: "hello" });
    expect(renamed.status).toBe(409);
    expect(await renamed.json()).toMatchObject({ code: "duplicateShortcut" });
  });

  it("answers bad input with 400 invalidRequest and a sentence, and visitors with 401", async () => {
    const unknown = await create(sam, { scope: "personal", name: "Oops", shortcut: "oops", body: "Hi {firstname}" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "invalidRequest", message: expect.stringContaining("{firstname} is not a variable") });
    for (const body of [{ scope: "personal", name: "", shortcut: "x", body: "x" }, { scope: "personal", name: "x", shortcut: "a b", body: "x" }, { name: "x", shortcut: "x", body: "x" }, "not json"]) {
      const answer = await create(sam, body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "invalidRequest" });
    }
    expect((await patch(sam, "sr_missing", {})).status).toBe(400);
    expect((await patch(sam, "sr_missing", { name: "x" })).status).toBe(404);
    expect((await call(listRoute, "GET", "/api/inbox/saved-replies")).status).toBe(401);
  });
});
