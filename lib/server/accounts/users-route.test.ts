import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as usersRoute from "@/app/api/inbox/users/route";
import * as userRoute from "@/app/api/inbox/users/[userId]/route";
import * as passwordRoute from "@/app/api/inbox/users/[userId]/password/route";
import type { InboxUser } from "@/lib/api/users";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
let admin = "";
let manager = "";
let member = "";

beforeAll(async () => {
  bff = await startTestBff();
  [admin, manager, member] = await Promise.all([bff.signIn("olivia"), bff.signIn("marcus"), bff.signIn("sam")]);
}, 60_000);
afterAll(() => bff.close());

const byEmail = async (email: string) => (await bff.runtime.users.get(email))!;

describe("/api/inbox/users", () => {
  it("lists the inbox's users for everyone signed in, and no one else", async () => {
    const list = await call(usersRoute, "GET", "/api/inbox/users", { cookie: member });
    expect(list.status).toBe(200);
    const { data } = (await list.json()) as { data: InboxUser[] };
    expect(data.map((u) => u.email)).toContain("olivia@acme.test");
    expect(data.find((u) => u.email === "sam@acme.test")).toMatchObject({ role: "member", memberId: expect.any(String) });
    expect((await call(usersRoute, "GET", "/api/inbox/users")).status).toBe(401);
  });

  it("lets an admin add a user who can then sign in; the email is taken after that", async () => {
    const body = { email: "New.Person@Acme.test", name: "New Person", password: "new-person-pw", role: "manager" };
    const added = await call(usersRoute, "POST", "/api/inbox/users", { cookie: admin, body });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ email: "new.person@acme.test", role: "manager", memberId: null });
    await expect(bff.signIn("new.person", "new-person-pw")).resolves.toContain("=");

    const again = await call(usersRoute, "POST", "/api/inbox/users", { cookie: admin, body });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "userExists" });
  });

  it("refuses managers and members server-side, whatever they send", async () => {
    const target = await byEmail("sam@acme.test");
    for (const cookie of [manager, member]) {
      const add = await call(usersRoute, "POST", "/api/inbox/users", { cookie, body: { email: "x@acme.test", name: "X", password: "long-enough" } });
      expect(add.status).toBe(403);
      expect(await add.json()).toMatchObject({ code: "forbidden", message: "Only admins can add, change or remove users." });
      const promote = await call(userRoute, "PATCH", "/x", { cookie, params: { userId: target.id }, body: { role: "admin" } });
      expect(promote.status).toBe(403);
      expect((await call(userRoute, "DELETE", "/x", { cookie, params: { userId: target.id } })).status).toBe(403);
      expect((await call(passwordRoute, "PUT", "/x", { cookie, params: { userId: target.id }, body: { password: "hijacked-pw" } })).status).toBe(403);
    }
    expect((await byEmail("sam@acme.test")).role).toBe("member");
  });

  it("answers bad input with the field's sentence", async () => {
    const short = await call(usersRoute, "POST", "/api/inbox/users", { cookie: admin, body: { email: "a@acme.test", name: "A", password: "short" } });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: "invalidRequest", message: expect.stringContaining("at least 8 characters") });
    const unknown = await call(userRoute, "PATCH", "/x", { cookie: admin, params: { userId: "nobody" }, body: { name: "B" } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "userNotFound" });
  });

  it("sets roles and links API members, one user per member, and checks the member exists", async () => {
    const jonas = await byEmail("jonas@acme.test");
    const aiko = await byEmail("aiko@acme.test");
    const taken = await call(userRoute, "PATCH", "/x", { cookie: admin, params: { userId: aiko.id }, body: { memberId: jonas.memberId } });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: "memberTaken" });

    const missing = await call(userRoute, "PATCH", "/x", { cookie: admin, params: { userId: aiko.id }, body: { memberId: "mem9999" } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "memberNotFound" });

    const unlinked = await call(userRoute, "PATCH", "/x", { cookie: admin, params: { userId: jonas.id }, body: { memberId: null, role: "manager" } });
    expect(await unlinked.json()).toMatchObject({ memberId: null, role: "manager" });
    const linked = await call(userRoute, "PATCH", "/x", { cookie: admin, params: { userId: aiko.id }, body: { memberId: jonas.memberId } });
    expect(linked.status).toBe(200);
    expect((await byEmail("aiko@acme.test")).memberId).toBe(jonas.memberId);
  });

  it("resets a password, ending the user's sessions", async () => {
    const priya = await byEmail("priya@acme.test");
    const session = await bff.signIn("priya");
    const reset = await call(passwordRoute, "PUT", "/x", { cookie: admin, params: { userId: priya.id }, body: { password: "a-new-password" } });
    expect(reset.status).toBe(204);
    expect((await call(usersRoute, "GET", "/api/inbox/users", { cookie: session })).status).toBe(401);
    await expect(bff.signIn("priya")).rejects.toThrow();
    await expect(bff.signIn("priya", "a-new-password")).resolves.toContain("=");
  });

  it("removes a user, who is signed out at once", async () => {
    const session = await bff.signIn("new.person", "new-person-pw");
    const added = await byEmail("new.person@acme.test");
    const removed = await call(userRoute, "DELETE", "/x", { cookie: admin, params: { userId: added.id } });
    expect(removed.status).toBe(204);
    expect(await bff.runtime.users.get("new.person@acme.test")).toBeNull();
    expect((await call(usersRoute, "GET", "/api/inbox/users", { cookie: session })).status).toBe(401);
  });
  it("keeps admins from changing their own role or removing themselves: another admin must", async () => {
    const olivia = await byEmail("olivia@acme.test");
    const marcus = await byEmail("marcus@acme.test");
    const demote = await call(userRoute, "PATCH", "/x", { cookie: admin, params: { userId: olivia.id }, body: { role: "member" } });
    expect(demote.status).toBe(403);
    expect(await demote.json()).toMatchObject({ message: "You can't change your own role: ask another admin." });
    expect((await call(userRoute, "DELETE", "/x", { cookie: admin, params: { userId: olivia.id } })).status).toBe(403);
    expect((await call(userRoute, "PATCH", "/x", { cookie: admin, params: { userId: olivia.id }, body: { name: "Olivia H." } })).status).toBe(200);

    expect((await call(userRoute, "PATCH", "/x", { cookie: admin, params: { userId: marcus.id }, body: { role: "admin" } })).status).toBe(200);
    // The role is read per request: Marcus may now do what Olivia could, including demoting her.
    const byMarcus = await call(userRoute, "PATCH", "/x", { cookie: manager, params: { userId: olivia.id }, body: { role: "manager" } });
    expect(await byMarcus.json()).toMatchObject({ role: "manager" });
    expect((await call(usersRoute, "POST", "/api/inbox/users", { cookie: admin, body: { email: "y@acme.test", name: "Y", password: "long-enough" } })).status).toBe(403);
  });
});
