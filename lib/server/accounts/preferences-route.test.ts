import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as preferencesRoute from "@/app/api/inbox/preferences/route";
import { DEFAULT_NOTIFICATIONS, DEFAULT_UNDO_SEND_SECONDS } from "@/lib/api/preferences";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
let sam = "";
let marcus = "";

beforeAll(async () => {
  bff = await startTestBff();
  [sam, marcus] = await Promise.all([bff.signIn("sam"), bff.signIn("marcus")]);
}, 60_000);
afterAll(() => bff.close());

describe("/api/inbox/preferences", () => {
  it("starts from the defaults", async () => {
    const answer = await call(preferencesRoute, "GET", "/api/inbox/preferences", { cookie: sam });
    expect(await answer.json()).toEqual({ notifications: DEFAULT_NOTIFICATIONS, mentions: true, undoSendSeconds: DEFAULT_UNDO_SEND_SECONDS });
  });

  it("keeps each member's own choice, merging a partial change, across sessions", async () => {
    const patched = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: sam, body: { notifications: { others: true } } });
    expect(await patched.json()).toEqual({ notifications: { ...DEFAULT_NOTIFICATIONS, others: true }, mentions: true, undoSendSeconds: DEFAULT_UNDO_SEND_SECONDS });
    await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: sam, body: { notifications: { unassigned: false } } });

    const again = await call(preferencesRoute, "GET", "/api/inbox/preferences", { cookie: await bff.signIn("sam") });
    expect(await again.json()).toEqual({ notifications: { assignedToMe: true, unassigned: false, others: true }, mentions: true, undoSendSeconds: DEFAULT_UNDO_SEND_SECONDS });
    const other = await call(preferencesRoute, "GET", "/api/inbox/preferences", { cookie: marcus });
    expect(await other.json()).toEqual({ notifications: DEFAULT_NOTIFICATIONS, mentions: true, undoSendSeconds: DEFAULT_UNDO_SEND_SECONDS });
  });

  it("keeps whether mentions notify apart from the scopes", async () => {
    const patched = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: sam, body: { mentions: false } });
    expect(await patched.json()).toMatchObject({ mentions: false });
    const scopes = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: sam, body: { notifications: { others: false } } });
    expect(await scopes.json()).toMatchObject({ notifications: { others: false }, mentions: false });
    expect((await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: sam, body: { mentions: "yes" } })).status).toBe(400);
  });

  it("keeps the undo window apart from the notification choices; 0 turns it off", async () => {
    const off = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: marcus, body: { undoSendSeconds: 0 } });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ notifications: DEFAULT_NOTIFICATIONS, mentions: true, undoSendSeconds: 0 });
    const longer = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: marcus, body: { undoSendSeconds: 20, notifications: { others: true } } });
    expect(await longer.json()).toEqual({ notifications: { ...DEFAULT_NOTIFICATIONS, others: true }, mentions: true, undoSendSeconds: 20 });
  });

  it("refuses unknown keys and wrong types with 400, and visitors with 401", async () => {
    for (const body of [{ notifications: { everything: true } }, { notifications: { others: "yes" } }, { theme: "dark" }, { undoSendSeconds: 7 }, { undoSendSeconds: -5 }]) {
      const answer = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: sam, body });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "invalidRequest" });
    }
    expect((await call(preferencesRoute, "GET", "/api/inbox/preferences")).status).toBe(401);
  });
});
