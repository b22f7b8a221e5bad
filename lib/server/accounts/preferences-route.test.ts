import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as preferencesRoute from "@/app/api/inbox/preferences/route";
import { DEFAULT_NOTIFICATIONS } from "@/lib/api/preferences";
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
    expect(await answer.json()).toEqual({ notifications: DEFAULT_NOTIFICATIONS });
  });

  it("keeps each member's own choice, merging a partial change, across sessions", async () => {
    const patched = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: sam, body: { notifications: { others: true } } });
    expect(await patched.json()).toEqual({ notifications: { ...DEFAULT_NOTIFICATIONS, others: true } });
    await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: sam, body: { notifications: { unassigned: false } } });

    const again = await call(preferencesRoute, "GET", "/api/inbox/preferences", { cookie: await bff.signIn("sam") });
    expect(await again.json()).toEqual({ notifications: { assignedToMe: true, unassigned: false, others: true } });
    const other = await call(preferencesRoute, "GET", "/api/inbox/preferences", { cookie: marcus });
    expect(await other.json()).toEqual({ notifications: DEFAULT_NOTIFICATIONS });
  });

  it("refuses unknown keys and wrong types with 400, and visitors with 401", async () => {
    for (const body of [{ notifications: { everything: true } }, { notifications: { others: "yes" } }, { theme: "dark" }]) {
      const answer = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: sam, body });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "invalidRequest" });
    }
    expect((await call(preferencesRoute, "GET", "/api/inbox/preferences")).status).toBe(401);
  });
});
