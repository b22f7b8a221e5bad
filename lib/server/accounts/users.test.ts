import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../runtime/env";
import { createRuntime, type Runtime } from "../runtime/runtime";
import { UserError, isUserError } from "./users";

let rt: Runtime;
beforeAll(async () => {
  // A real deployment's first start: no users but the configured admin.
  rt = await createRuntime(
    loadConfig({
      INBOX_API_BASE_URL: "http://127.0.0.1:9/v2",
      INBOX_API_TOKEN: "tok_unused",
      INBOX_ADMIN_EMAIL: "Boss@Example.com",
      INBOX_ADMIN_PASSWORD: "first-admin-password",
    }),
    { database: {} },
  );
}, 30_000);
afterAll(() => rt.close());

async function refusal(run: () => Promise<unknown>): Promise<UserError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  // Routes recognise it without `instanceof`, which fails across Next's bundles.
  expect(isUserError(error)).toBe(true);
  expect(isUserError(new Error("other"))).toBe(false);
  return error as UserError;
}

describe("users", () => {
  it("the first admin comes from INBOX_ADMIN_EMAIL, in lower case", async () => {
    expect(await rt.users.list()).toMatchObject([{ email: "boss@example.com", role: "admin", memberId: null }]);
  });

  it("adds users with a role and a member, once per email", async () => {
    const added = await rt.users.add({ email: " Anna@Example.com ", name: "Anna", password: "anna-password", role: "manager", memberId: "mem0003" });
    expect(added).toMatchObject({ email: "anna@example.com", role: "manager", memberId: "mem0003" });
    expect((await refusal(() => rt.users.add({ email: "anna@example.com", name: "Anna 2", password: "another-pass" }))).code).toBe("userExists");
  });

  it("refuses bad input with a sentence", async () => {
    const short = await refusal(() => rt.users.add({ email: "b@example.com", name: "B", password: "short" }));
    expect(short.message).toBe("A password needs at least 8 characters.");
    expect((await refusal(() => rt.users.add({ email: "not-an-email", name: "B", password: "long-enough" }))).code).toBe("invalidUser");
    expect((await refusal(() => rt.users.linkMember("anna@example.com", "Not An ID"))).code).toBe("invalidUser");
    expect((await refusal(() => rt.users.setRole("nobody@example.com", "admin"))).code).toBe("userNotFound");
  });

  it("never removes or demotes the last admin", async () => {
    expect((await refusal(() => rt.users.remove("boss@example.com"))).code).toBe("lastAdmin");
    expect((await refusal(() => rt.users.setRole("boss@example.com", "member"))).code).toBe("lastAdmin");
    await rt.users.setRole("anna@example.com", "admin");
    await rt.users.setRole("boss@example.com", "member");
    expect((await rt.users.get("boss@example.com"))?.role).toBe("member");
    expect((await refusal(() => rt.users.remove("anna@example.com"))).code).toBe("lastAdmin");
  });

  it("links and unlinks an API member", async () => {
    expect((await rt.users.linkMember("boss@example.com", "mem0002")).memberId).toBe("mem0002");
    expect((await rt.users.linkMember("boss@example.com", null)).memberId).toBeNull();
  });

  it("lets one user at a time act as a member, and changes nothing when refused", async () => {
    await rt.users.linkMember("boss@example.com", "mem0007");
    // The holder itself may be linked again.
    expect((await rt.users.update("boss@example.com", { memberId: "mem0007" })).memberId).toBe("mem0007");
    const other = await rt.users.add({ email: "c@example.com", name: "C", password: "long-enough" });
    expect((await refusal(() => rt.users.linkMember(other.email, "mem0003"))).code).toBe("memberTaken");
    const refused = await refusal(() => rt.users.update(other.email, { memberId: "mem0007", role: "manager" }));
    expect(refused.code).toBe("memberTaken");
    expect(await rt.users.get(other.email)).toMatchObject({ role: "member", memberId: null });
    expect((await refusal(() => rt.users.add({ email: "d@example.com", name: "D", password: "long-enough", memberId: "mem0007" }))).code).toBe("memberTaken");
  });
});
