import { describe, expect, it } from "vitest";
import { POLICY, ROLES, authorize, permitSandboxRelay, sandboxRelayRow, type Role } from "./policy";
import { canSee, filterVisible, type Viewer } from "./visibility";

const ME = "mem1";
const OTHER = "mem2";

/** Written out by hand (not derived from POLICY) so the table is checked against intent. */
const EXPECTED: [method: string, path: string, least: Role, refusal?: string][] = [
  ["GET", "/platforms", "member"],
  ["GET", "/team", "member"],
  ["GET", "/members", "member"],
  ["GET", "/members/mem9", "member"],
  ["GET", "/account-links", "member"],
  ["GET", "/account-links/acc1", "member"],
  ["GET", "/threads", "member"],
  ["GET", "/threads/thr1", "member"],
  ["PATCH", "/threads/thr1", "member"],
  ["DELETE", "/threads/thr1", "manager", "Only managers can delete conversations."],
  ["POST", "/threads/thr1/typing", "member"],
  ["GET", "/threads/thr1/messages", "member"],
  ["POST", "/messages", "member"],
  ["GET", "/messages/msg1", "member"],
  ["PATCH", "/messages/msg1", "member"],
  ["DELETE", "/messages/msg1", "member"],
  ["GET", "/messages/msg1/history", "member"],
  ["POST", "/messages/msg1/reactions", "member"],
  ["DELETE", "/messages/msg1/reactions", "member"],
  ["GET", "/messages/msg1/attachments/0", "member"],
  ["GET", "/contacts", "member"],
  ["GET", "/contacts/con1", "member"],
  ["PATCH", "/contacts/con1", "member"],
  ["PUT", "/contacts/con1/tags/vip", "member"],
  ["DELETE", "/contacts/con1/tags/tag1", "member"],
  ["GET", "/tags", "member"],
  ["POST", "/tags", "manager", "Only managers can create tags."],
  ["GET", "/tags/vip", "member"],
  ["PATCH", "/tags/vip", "manager", "Only managers can rename or recolor tags."],
  ["DELETE", "/tags/vip", "manager", "Only managers can delete tags."],
  ["GET", "/statuses", "member"],
  ["POST", "/statuses", "manager", "Only managers can create statuses."],
  ["GET", "/statuses/won", "member"],
  ["PATCH", "/statuses/won", "manager", "Only managers can rename or recolor statuses."],
  ["DELETE", "/statuses/won", "manager", "Only managers can delete statuses."],
  ["GET", "/colors", "member"],
  ["GET", "/events", "manager", "Only managers can read the event log."],
  ["GET", "/lists", "member"],
  ["GET", "/lists/lst1", "member"],
  ["GET", "/lists/lst1/leads", "member"],
  ["GET", "/lists/lst1/import-jobs", "member"],
  ["GET", "/lists/lst1/import-jobs/imp1", "member"],
  ["POST", "/lists/lst1/import-jobs/imp1/resume", "manager", "Only managers can resume import jobs."],
  ["POST", "/lists/lst1/import-jobs/bulk-resume", "manager", "Only managers can resume import jobs."],
  ["GET", "/campaigns", "member"],
  ["GET", "/campaigns/cmp1", "member"],
  ["POST", "/campaigns/cmp1/sync", "member"],
  ["POST", "/campaigns/cmp1/leads/taya.m/cancel", "manager", "Only managers can stop a lead's sequence."],
  ["DELETE", "/campaigns/cmp1/columns/col1", "manager", "Only managers can delete custom columns."],
];

const rank = (role: Role) => ROLES.indexOf(role);

describe("authorize: every policy row, for every role", () => {
  it("the expectations cover every row of the table exactly once", () => {
    const matched = EXPECTED.map(([method, path]) => {
      const result = authorize({ method, path, role: "admin", memberId: ME });
      expect(result.allowed, `${method} ${path}`).toBe(true);
      return result.allowed ? result.operation : "";
    });
    expect(new Set(matched).size).toBe(EXPECTED.length);
    expect(matched.sort()).toEqual(POLICY.map((row) => row.operation).sort());
  });

  for (const [method, path, least, refusal] of EXPECTED) {
    for (const role of ROLES) {
      const allowed = rank(role) >= rank(least);
      it(`${method} ${path} is ${allowed ? "allowed" : "refused"} for a ${role}`, () => {
        const result = authorize({ method, path, role, memberId: ME, body: {} });
        if (allowed) {
          expect(result).toMatchObject({ allowed: true });
        } else {
          expect(result).toEqual({ allowed: false, status: 403, code: "forbidden", message: refusal });
        }
      });
    }
  }

  it("hands back the path's parameters, decoded", () => {
    expect(authorize({ method: "PUT", path: "/contacts/con1/tags/Hot%20lead", role: "member", memberId: ME })).toMatchObject({
      allowed: true,
      operation: "contacts.addTag",
      params: { contactId: "con1", tagRef: "Hot lead" },
    });
  });

  it("ignores the query string, a trailing slash and the method's case", () => {
    expect(authorize({ method: "get", path: "/threads/?folder=inbox", role: "member", memberId: ME })).toMatchObject({ allowed: true, operation: "threads.list" });
  });
});

describe("authorize: unknown paths and methods", () => {
  it.each(["/", "/v1/threads", "/threads/thr1/extra", "/threads//messages", "/_sandbox/reset", "threads", "/lists/lst1/prospects", "/messages/msg1/attachments"])(
    "%s is 404 notFound",
    (path) => {
      expect(authorize({ method: "GET", path, role: "admin", memberId: ME })).toMatchObject({ allowed: false, status: 404, code: "notFound" });
    },
  );

  it("a known path with another method is 405 methodNotAllowed, listing what it takes", () => {
    expect(authorize({ method: "POST", path: "/threads/thr1", role: "admin", memberId: ME })).toEqual({
      allowed: false,
      status: 405,
      code: "methodNotAllowed",
      message: "POST is not allowed on /threads/thr1.",
      allow: ["GET", "PATCH", "DELETE"],
    });
    expect(authorize({ method: "DELETE", path: "/team", role: "admin", memberId: ME })).toMatchObject({ status: 405, allow: ["GET"] });
    expect(authorize({ method: "OPTIONS", path: "/tags", role: "admin", memberId: ME })).toMatchObject({ status: 405, allow: ["GET", "POST"] });
  });
});

describe("authorize: conditions on PATCH threads and contacts", () => {
  const cases: [path: string, things: string][] = [
    ["/threads/thr1", "conversations"],
    ["/contacts/con1", "contacts"],
  ];

  for (const [path, things] of cases) {
    describe(path, () => {
      const member = (body: unknown, current?: { assigneeId: string | null }) => authorize({ method: "PATCH", path, role: "member", memberId: ME, body, current });

      it("a member may assign to themselves", () => {
        expect(member({ assigneeId: ME })).toMatchObject({ allowed: true });
      });

      it("a member may not assign to someone else", () => {
        expect(member({ assigneeId: OTHER })).toEqual({ allowed: false, status: 403, code: "forbidden", message: `Only managers can assign ${things} to someone else.` });
        expect(member({ assigneeId: 42 })).toMatchObject({ allowed: false, status: 403 });
      });

      it("a member may unassign only what is assigned to them", () => {
        expect(member({ assigneeId: null }, { assigneeId: ME })).toMatchObject({ allowed: true });
        const refused = { allowed: false, status: 403, code: "forbidden", message: `You can only unassign ${things} assigned to you.` };
        expect(member({ assigneeId: null }, { assigneeId: OTHER })).toEqual(refused);
        expect(member({ assigneeId: null }, { assigneeId: null })).toEqual(refused);
        expect(member({ assigneeId: null })).toEqual(refused);
      });

      it("leaves other fields and bodies without an assignee alone", () => {
        expect(member({})).toMatchObject({ allowed: true });
        expect(member(undefined)).toMatchObject({ allowed: true });
        expect(member("not an object")).toMatchObject({ allowed: true });
      });

      for (const role of ["manager", "admin"] as const) {
        it(`a ${role} may assign anyone and unassign anything`, () => {
          for (const body of [{ assigneeId: OTHER }, { assigneeId: ME }, { assigneeId: null }]) {
            expect(authorize({ method: "PATCH", path, role, memberId: ME, body })).toMatchObject({ allowed: true });
          }
        });
      }
    });
  }

  it("members archive, mark read/unread; contacts' status, notes and valuation", () => {
    const thread = (body: unknown) => authorize({ method: "PATCH", path: "/threads/thr1", role: "member", memberId: ME, body });
    expect(thread({ archived: true, unread: false })).toMatchObject({ allowed: true });
    const contact = authorize({ method: "PATCH", path: "/contacts/con1", role: "member", memberId: ME, body: { status: "won", notes: "x", valuation: 5 } });
    expect(contact).toMatchObject({ allowed: true });
  });

  it("the typing indicator setting is a manager's", () => {
    const body = { typingIndicators: "disabled" };
    expect(authorize({ method: "PATCH", path: "/threads/thr1", role: "member", memberId: ME, body })).toEqual({
      allowed: false,
      status: 403,
      code: "forbidden",
      message: "Only managers can change a conversation's typing indicator setting.",
    });
    expect(authorize({ method: "PATCH", path: "/threads/thr1", role: "manager", memberId: ME, body })).toMatchObject({ allowed: true });
  });
});

describe("visibility", () => {
  const viewer = (role: Role, visibility: Viewer["visibility"] = "assignedAndUnassigned"): Viewer => ({ role, memberId: ME, visibility });

  it("canSee: members under assignedAndUnassigned see their own and unassigned", () => {
    const member = viewer("member");
    expect(canSee({ assigneeId: ME }, member)).toBe(true);
    expect(canSee({ assigneeId: null }, member)).toBe(true);
    expect(canSee({ assigneeId: OTHER }, member)).toBe(false);
  });

  it("canSee: everything for members under all, and for managers and admins", () => {
    expect(canSee({ assigneeId: OTHER }, viewer("member", "all"))).toBe(true);
    expect(canSee({ assigneeId: OTHER }, viewer("manager"))).toBe(true);
    expect(canSee({ assigneeId: OTHER }, viewer("admin"))).toBe(true);
  });

  it("filterVisible keeps order and drops the hidden", () => {
    const items = [{ id: "a", assigneeId: ME }, { id: "b", assigneeId: OTHER }, { id: "c", assigneeId: null }];
    expect(filterVisible(items, viewer("member")).map((i) => i.id)).toEqual(["a", "c"]);
    expect(filterVisible(items, viewer("manager")).map((i) => i.id)).toEqual(["a", "b", "c"]);
  });
});

describe("the sandbox relay (demo mode, /api/sandbox/…)", () => {
  const decide = (path: string, role: Role | null) => {
    const row = sandboxRelayRow(path);
    return row ? permitSandboxRelay(row, role) : "notFound";
  };

  it("media is open to anyone: the sandbox signs its URLs", () => {
    for (const role of [null, ...ROLES]) expect(decide("/media/abc?exp=1&sig=x", role)).toEqual({ allowed: true });
  });

  it.each(["/_sandbox/webhooks", "/_sandbox/reset", "/_sandbox/faults", "/_sandbox/rate-limits", "/_sandbox/inbound", "/_sandbox/clock"])(
    "%s, the simulator's control API, is an admin's: 401 without a session, 403 below admin",
    (path) => {
      expect(decide(path, null)).toEqual({ allowed: false, status: 401, code: "unauthorized", message: "Sign in to use the sandbox's simulator." });
      for (const role of ["member", "manager"] as const) {
        expect(decide(path, role)).toEqual({ allowed: false, status: 403, code: "forbidden", message: "Only admins can use the sandbox's simulator." });
      }
      expect(decide(path, "admin")).toEqual({ allowed: true });
    },
  );

  it.each(["", "/", "/_sandbox", "/media", "/v2/threads", "/_sandboxes/x", "/medias/x"])("%s names nothing the relay serves", (path) => {
    expect(decide(path, "admin")).toBe("notFound");
  });
});
