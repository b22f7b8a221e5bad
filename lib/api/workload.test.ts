import { describe, expect, it } from "vitest";
import { computeWorkload } from "./workload";

const thread = (over: Partial<{ assigneeId: string | null; accountLinkId: string; unread: boolean; archived: boolean; inbound: string | null }>) => {
  const { inbound = null, ...rest } = over;
  return {
    archived: false,
    acceptanceState: "accepted" as const,
    unread: false,
    assigneeId: null,
    accountLinkId: "acl1",
    lastMessage: inbound ? { id: "msg1", direction: "inbound" as const, sentAt: inbound, preview: null } : { id: "msg2", direction: "outbound" as const, sentAt: "2026-11-23T09:00:00Z", preview: null },
    ...rest,
  };
};

describe("workload", () => {
  it("counts open, unread and waiting threads per member, unassigned and per account, with the oldest wait", () => {
    const load = computeWorkload(
      [
        thread({ assigneeId: "mem1", unread: true, inbound: "2026-11-23T10:00:00Z" }),
        thread({ assigneeId: "mem1", inbound: "2026-11-23T08:00:00Z", accountLinkId: "acl2" }),
        thread({ assigneeId: "mem1", archived: true, inbound: "2026-11-20T08:00:00Z" }),
        thread({ assigneeId: null, unread: true }),
      ],
      ["mem1", "mem2"],
      ["acl1", "acl2", "acl3"],
    );
    expect(load.members).toEqual([
      { memberId: "mem1", open: 2, unread: 1, waiting: 2, oldestWaitSince: "2026-11-23T08:00:00Z" },
      { memberId: "mem2", open: 0, unread: 0, waiting: 0, oldestWaitSince: null },
    ]);
    expect(load.unassigned).toEqual({ open: 1, unread: 1, waiting: 0, oldestWaitSince: null });
    expect(load.accountLinks.map((l) => [l.accountLinkId, l.open])).toEqual([
      ["acl1", 2],
      ["acl2", 1],
      ["acl3", 0],
    ]);
  });
});
