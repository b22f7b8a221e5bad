import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { V1_ERROR_STATUS, V1_SUCCESSOR_LINK, V1_SUNSET, V1_SUNSET_HTTP_DATE } from "@/lib/api/v1/errors";
import { v1AccountLinkList, v1ColorList, v1Member, v1MemberList, v1Status, v1StatusList, v1Tag, v1TagList, v1Team } from "@/lib/api/v1/resources";
import { team as teamV2 } from "@/lib/api/team";
import { DEFAULT_RATE_LIMITS } from "../rate-limit";
import { expectError, expectOk, sandboxForFile, SEED_NOW, TOKENS } from "../testing/harness";
import { expectV1Error, expectV1Ok, expectV1Validation, v1 } from "../testing/v1";

const t = sandboxForFile();
let get: ReturnType<typeof v1>;
const control = (method: string, path: string, body?: unknown) => t.request(method, `//_sandbox${path}`, { body });

beforeAll(async () => {
  get = v1(t);
}, 60_000);
describe("version 1 beside version 2", () => {
  it("serves the team with the same data and token, in the v1 shape, with Sunset and a successor link", async () => {
    const response = await get("GET", "/team");
    const team = expectV1Ok(response, v1Team);
    expect(response.headers.get("sunset")).toBe("Thu, 03 Dec 2026 00:00:00 GMT");
    expect(response.headers.get("link")).toBe(V1_SUCCESSOR_LINK);
    expect(response.headers.get("x-ratelimit-limit")).not.toBeNull();
    const v2 = expectOk(await t.request("GET", "/team"), teamV2);
    expect(team).toEqual({ id: v2.id, name: v2.name, slug: v2.slug, createdAt: v2.createdAt, updatedAt: v2.updatedAt, currency: v2.currency, allowSupportAccess: v2.allowSupportAccess, image: v2.imageUrl });
    expect(response.json).not.toHaveProperty("imageUrl");
  });

  it("lists members and account links as flat arrays; reads one member", async () => {
    const members = expectV1Ok(await get("GET", "/members"), v1MemberList);
    expect(members.length).toBeGreaterThan(0);
    expect(expectV1Ok(await get("GET", `/members/${members[0]!.id}`), v1Member)).toEqual(members[0]);
    expectV1Error(await get("GET", "/members/nosuchmember"), 404, "MEMBER_NOT_FOUND");
    expectV1Error(await get("GET", "/members/NOT-AN-ID"), 404, "MEMBER_NOT_FOUND");
    const globexMember = expectV1Ok(await get("GET", "/members", { token: TOKENS.globex }), v1MemberList)[0]!;
    expectV1Error(await get("GET", `/members/${globexMember.id}`), 404, "MEMBER_NOT_FOUND");
    const links = expectV1Ok(await get("GET", "/account-links"), v1AccountLinkList);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).not.toHaveProperty("avatarUrl");
  });
});

describe("errors in the v1 body", () => {
  it("answers auth failures, a locked team, unknown paths and methods, and malformed paths", async () => {
    expectV1Error(await get("GET", "/team", { token: null }), 401, "UNAUTHORIZED");
    expectV1Error(await get("GET", "/team", { token: TOKENS.revoked }), 401, "UNAUTHORIZED");
    expect(expectV1Error(await get("GET", "/team", { token: TOKENS.locked }), 403, "FORBIDDEN").details).toEqual({ reason: "workspaceLocked" });
    expectV1Error(await get("GET", "/no-such-endpoint"), 404, "NOT_FOUND");
    expectV1Error(await get("PUT", "/team"), 405, "METHOD_NOT_ALLOWED");
    expectV1Validation(await get("GET", "/threads/%E0%A4%A"), "request");
    expectV1Validation(await get("GET", "/threads/a%00b"), "request");
    // v2 keeps its own body.
    expectError(await t.request("GET", "/no-such-endpoint"), 404, "notFound");
  });

  it("answers injected faults in the v1 body", async () => {
    expectOk(await control("POST", "/faults", { kind: "internalError", count: 1 }), z.looseObject({}), 201);
    expectV1Error(await get("GET", "/team"), 500, "INTERNAL_ERROR");
    expectOk(await control("POST", "/faults", { kind: "rateLimited", count: 1, retryAfter: 9 }), z.looseObject({}), 201);
    const limited = await get("GET", "/team");
    expectV1Error(limited, 429, "RATE_LIMITED");
    expect(limited.headers.get("retry-after")).toBe("9");
  });

  it("shares one quota across versions and tokens", async () => {
    await control("PUT", "/rate-limits", { minute: 4, hour: 1000, day: 10000 });
    try {
      t.sandbox.context.rateLimiter.reset();
      expect((await get("GET", "/team")).status).toBe(200);
      expect((await t.request("GET", "/team")).status).toBe(200);
      expect((await get("GET", "/team", { token: TOKENS.acme2 })).status).toBe(200);
      const last = await t.request("GET", "/team", { token: TOKENS.acme2 });
      expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
      const refused = await get("GET", "/tags");
      expectV1Error(refused, 429, "RATE_LIMITED");
      for (const header of ["retry-after", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) expect(refused.headers.get(header)).not.toBeNull();
      expectError(await t.request("GET", "/team"), 429, "rateLimited");
    } finally {
      await control("PUT", "/rate-limits", DEFAULT_RATE_LIMITS);
      t.sandbox.context.rateLimiter.reset();
    }
  });

  it("has a status for every code, equal to the body's status", () => {
    for (const [code, status] of Object.entries(V1_ERROR_STATUS)) expect(status, code).toBeGreaterThanOrEqual(400);
  });
});

describe("tags and statuses", () => {
  it("lists the palette at both color paths", async () => {
    const colors = expectV1Ok(await get("GET", "/tags/colors"), v1ColorList);
    expect(colors.length).toBeGreaterThan(0);
    expect(expectV1Ok(await get("GET", "/statuses/colors"), v1ColorList)).toEqual(colors);
  });

  it("creates, reads, renames and deletes a tag; names are unique regardless of case", async () => {
    const created = expectV1Ok(await get("POST", "/tags", { body: { name: "V1 Lead", color: "blue" } }), v1Tag, 201);
    expect(expectV1Ok(await get("GET", "/tags"), v1TagList).map((tag) => tag.id)).toContain(created.id);
    expect(expectV1Ok(await get("GET", `/tags/${created.id}`), v1Tag)).toEqual(created);
    expectV1Error(await get("POST", "/tags", { body: { name: "v1 lead" } }), 409, "DUPLICATE_TAG");
    const renamed = expectV1Ok(await get("PATCH", `/tags/${created.id}`, { body: { name: "V1 Hot", color: "#112233" } }), v1Tag);
    expect(renamed).toEqual({ id: created.id, name: "V1 Hot", color: "#112233" });
    // A name is not a v1 path: IDs only.
    expectV1Error(await get("GET", "/tags/V1%20Hot"), 404, "TAG_NOT_FOUND");
    expect(expectV1Ok(await get("DELETE", `/tags/${created.id}`), z.looseObject({ success: z.literal(true) }))).toEqual({ success: true });
    expectV1Error(await get("GET", `/tags/${created.id}`), 404, "TAG_NOT_FOUND");
    expectV1Error(await get("PATCH", `/tags/${created.id}`, { body: { name: "x" } }), 404, "TAG_NOT_FOUND");
    expectV1Error(await get("DELETE", `/tags/${created.id}`), 404, "TAG_NOT_FOUND");
  });

  it("creates, reads, updates and deletes a status", async () => {
    const created = expectV1Ok(await get("POST", "/statuses", { body: { name: "V1 Stage" } }), v1Status, 201);
    expect(expectV1Ok(await get("GET", "/statuses"), v1StatusList).map((s) => s.id)).toContain(created.id);
    expectV1Error(await get("POST", "/statuses", { body: { name: "v1 STAGE" } }), 409, "DUPLICATE_STATUS");
    expect(expectV1Ok(await get("PATCH", `/statuses/${created.id}`, { body: { color: "red" } }), v1Status).color).toBe("red");
    expect(expectV1Ok(await get("GET", `/statuses/${created.id}`), v1Status).color).toBe("red");
    expectOk(await get("DELETE", `/statuses/${created.id}`), z.looseObject({ success: z.literal(true) }));
    expectV1Error(await get("GET", `/statuses/${created.id}`), 404, "STATUS_NOT_FOUND");
  });

  it("refuses bad bodies with VALIDATION_ERROR naming the field and issue", async () => {
    expectV1Validation(await get("POST", "/tags", { body: {} }), "name", "required");
    expectV1Validation(await get("POST", "/tags", { body: { name: 7 } }), "name", "invalid_type");
    expectV1Validation(await get("POST", "/tags", { body: { name: "x".repeat(51) } }), "name", "too_big");
    expectV1Validation(await get("POST", "/tags", { body: { name: "ok", extra: 1 } }), "extra", "unrecognized_keys");
    expectV1Validation(await get("POST", "/tags", { rawBody: "{", headers: { "content-type": "application/json" } }), "body", "malformed");
    expectV1Validation(await get("POST", "/tags"), "body", "required");
    expectV1Validation(await get("POST", "/tags", { body: { name: "a\u0000b" } }), "body", "malformed");
    expectV1Validation(await get("GET", "/threads?inbox=%00"), "inbox", "malformed");
    expectV1Validation(await get("POST", "/statuses", { body: { name: "ok", color: "notacolor" } }), "color", "invalid_value");
  });
});

describe("the sunset", () => {
  it("answers 410 GONE on every v1 path from 3 December 2026 on the sandbox clock, before auth; v2 carries on", async () => {
    expect(V1_SUNSET_HTTP_DATE).toBe("Thu, 03 Dec 2026 00:00:00 GMT");
    const before = t.sandbox.context.store.clock.offsetMs();
    try {
      const seconds = (V1_SUNSET.getTime() - SEED_NOW.getTime()) / 1000 - 60;
      expectOk(await control("POST", "/clock/advance", { seconds }), z.looseObject({}));
      expect((await get("GET", "/team")).status).toBe(200);
      expectOk(await control("POST", "/clock/advance", { seconds: 61 }), z.looseObject({}));
      for (const [path, token] of [["/team", TOKENS.acme], ["/threads", TOKENS.acme], ["/team", null], ["/nowhere", TOKENS.acme], ["/%E0%A4%A", TOKENS.acme]] as const) {
        const gone = await get("GET", path, { token });
        const error = expectV1Error(gone, 410, "GONE");
        expect(error.details).toEqual({ sunset: V1_SUNSET.toISOString(), successor: "/v2" });
        expect(gone.headers.get("link")).toBe(V1_SUCCESSOR_LINK);
      }
      expect((await t.request("GET", "/team")).status).toBe(200);
    } finally {
      t.sandbox.context.store.clock.set(before);
    }
  });
});
