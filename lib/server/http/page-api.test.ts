import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v2 from "@/app/api/v2/[...path]/route";
import * as settingsRoute from "@/app/api/settings/route";
import { isApiError } from "@/lib/api/errors";
import type { Page } from "@/lib/api/primitives";
import type { Thread } from "@/lib/api/threads";
import { viewerFrom, type SessionViewer } from "./session";
import { pageApi } from "./page-api";
import { call, startTestBff, type TestBff } from "../testing/bff";

/** A server-rendered page reads what the browser would get from /api/v2 for the same person, no more. */
let bff: TestBff;
const cookies = { admin: "", member: "" };
let member: SessionViewer;

beforeAll(async () => {
  bff = await startTestBff();
  cookies.admin = await bff.signIn("olivia");
  cookies.member = await bff.signIn("sam");
  await bff.runtime.gateway.index.ready();
  expect((await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "assignedAndUnassigned" } })).status).toBe(200);
  member = (await viewerFrom(new Headers({ cookie: cookies.member }), bff.runtime))!;
});

afterAll(() => bff.close());

describe("the page's API client", () => {
  it("answers a member's thread list as /api/v2 does: only threads assigned to them or to nobody", async () => {
    const query = "folder=all&expand=contact&expand=profile&limit=50";
    const viaRoute = (await (await call(v2, "GET", `/api/v2/threads?${query}`, { cookie: cookies.member })).json()) as Page<Thread>;
    const viaPage = (await pageApi(bff.runtime.gateway, member).threads.list({ folder: "all", expand: ["contact", "profile"], limit: 50 })).body;

    expect(viaPage.data.map((t) => t.id)).toEqual(viaRoute.data.map((t) => t.id));
    expect(viaPage.data.length).toBeGreaterThan(0);
    expect(viaPage.data.every((t) => t.assigneeId === null || t.assigneeId === member.memberId)).toBe(true);
    // Hidden threads exist: the filter took something away.
    expect(bff.runtime.gateway.index.all().some((t) => t.assigneeId !== null && t.assigneeId !== member.memberId)).toBe(true);
  });

  it("keeps the spec's error codes, a hidden thread's 404 included", async () => {
    const hidden = bff.runtime.gateway.index.all().find((t) => t.assigneeId !== null && t.assigneeId !== member.memberId)!;
    const error = await pageApi(bff.runtime.gateway, member).threads.get(hidden.id).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe("threadNotFound");
  });

  it("only reads: a change never travels", async () => {
    const mine = bff.runtime.gateway.index.all().find((t) => t.assigneeId === null)!;
    const error = await pageApi(bff.runtime.gateway, member).threads.update(mine.id, { archived: !mine.archived }).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(bff.runtime.gateway.index.get(mine.id)?.archived).toBe(mine.archived);
  });
});
