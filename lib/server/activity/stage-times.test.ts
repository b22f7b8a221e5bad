import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as settingsRoute from "@/app/api/settings/route";
import * as stageTimesRoute from "@/app/api/inbox/stage-times/route";
import * as v2 from "@/app/api/v2/[...path]/route";
import { stageTimes } from "@/lib/api/pipeline";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
const cookies = { admin: "", manager: "", member: "" };

beforeAll(async () => {
  bff = await startTestBff();
  cookies.admin = await bff.signIn("olivia");
  cookies.manager = await bff.signIn("marcus");
  cookies.member = await bff.signIn("sam");
  await bff.runtime.gateway.index.ready();
}, 60_000);
afterAll(() => bff.close());

async function times(cookie: string) {
  const response = await call(stageTimesRoute, "GET", "/api/inbox/stage-times", { cookie });
  expect(response.status).toBe(200);
  return stageTimes.parse(await response.json()).data;
}

describe("GET /api/inbox/stage-times", () => {
  it("answers each contact's latest status change made through the inbox, and nothing for other changes", async () => {
    const [first, second] = bff.runtime.gateway.index.all().filter((t) => t.contactId && t.assigneeId === null);
    const statuses = (await (await call(v2, "GET", "/api/v2/statuses", { cookie: cookies.member })).json()) as { data: { id: string }[] };
    const setStatus = (contactId: string, status: string | null) => call(v2, "PATCH", `/api/v2/contacts/${contactId}`, { cookie: cookies.member, body: { status } });

    expect((await setStatus(first!.contactId!, statuses.data[0]!.id)).status).toBe(200);
    expect((await setStatus(first!.contactId!, statuses.data[1]!.id)).status).toBe(200);
    expect((await setStatus(second!.contactId!, null)).status).toBe(200);
    expect((await call(v2, "PATCH", `/api/v2/contacts/${second!.contactId}`, { cookie: cookies.member, body: { notes: "Only notes" } })).status).toBe(200);

    const entries = await times(cookies.member);
    expect(entries.filter((e) => e.contactId === first!.contactId)).toEqual([{ contactId: first!.contactId, status: statuses.data[1]!.id, at: expect.any(String) }]);
    expect(entries.filter((e) => e.contactId === second!.contactId)).toEqual([{ contactId: second!.contactId, status: null, at: expect.any(String) }]);
  });

  it("leaves out contacts a member may not see under assignedAndUnassigned", async () => {
    const marcusId = (await bff.runtime.users.get("marcus@acme.test"))!.memberId!;
    const target = bff.runtime.gateway.index.all().find((t) => t.contactId && t.assigneeSource !== "thread" && t.assigneeId === null)!;
    expect((await call(v2, "PATCH", `/api/v2/contacts/${target.contactId}`, { cookie: cookies.manager, body: { assigneeId: marcusId, status: null } })).status).toBe(200);
    expect((await times(cookies.member)).some((e) => e.contactId === target.contactId)).toBe(true);

    await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "assignedAndUnassigned" } });
    try {
      expect((await times(cookies.member)).some((e) => e.contactId === target.contactId)).toBe(false);
      expect((await times(cookies.manager)).some((e) => e.contactId === target.contactId)).toBe(true);
    } finally {
      await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "all" } });
    }
  });

  it("takes a contact event's time as the contact's last change, so the board's lower bound stays true", async () => {
    const held = bff.runtime.gateway.index.all().find((t) => t.contact)!;
    const contactId = held.contactId!;
    const at = new Date(Date.now() + 60_000).toISOString();
    await bff.runtime.gateway.apply([
      { id: "evt_stage_test", seq: 999_999, type: "contact.statusChanged", apiVersion: 2, createdAt: at, object: { type: "contact", id: contactId, url: `/contacts/${contactId}` }, data: { statusId: null } },
    ]);
    const after = bff.runtime.gateway.index.all().find((t) => t.contactId === contactId)!.contact!;
    expect(after).toMatchObject({ statusId: null, updatedAt: at });
  });

  it("needs a session", async () => {
    expect((await call(stageTimesRoute, "GET", "/api/inbox/stage-times")).status).toBe(401);
  });
});
