import { describe, expect, it } from "vitest";
import { contactFixture, profileFixture, threadFixture } from "@/lib/api/testing/fixtures";
import type { Thread } from "@/lib/api/threads";
import {
  NO_CONTACT,
  ONLY_MANAGERS_ASSIGN_OTHERS,
  ONLY_OWN_UNASSIGN,
  collectPages,
  doneSentence,
  oneDoneSentence,
  planBulk,
  progressVerb,
  runBulk,
  undoPlan,
  type BulkOp,
  type BulkTask,
} from "./bulk";

function thread(id: string, change: Partial<Thread> = {}, contact: Partial<Thread["contact"] & object> = {}): Thread {
  const contactId = change.contactId === undefined ? `con-${id}` : change.contactId;
  return {
    ...threadFixture(),
    id,
    contactId,
    profile: { ...profileFixture(), displayName: `Person ${id}` },
    contact: contactId ? { ...contactFixture(), id: contactId, ...contact } : undefined,
    ...change,
  };
}

const manager = { memberId: "mgr", manager: true };
const member = { memberId: "me", manager: false };

describe("planning a bulk action", () => {
  it("archives each thread and remembers each one's own previous state for undo", () => {
    const plan = planBulk({ kind: "archive", archived: true }, [thread("a"), thread("b", { archived: true })], manager);
    expect(plan.refused).toEqual([]);
    expect(plan.tasks.map((t) => [t.key, t.op, t.undo])).toEqual([
      ["a", { kind: "thread", threadId: "a", patch: { archived: true } }, { kind: "thread", threadId: "a", patch: { archived: false } }],
      ["b", { kind: "thread", threadId: "b", patch: { archived: true } }, { kind: "thread", threadId: "b", patch: { archived: true } }],
    ]);
  });

  it("writes a contact's tag or status once, however many of its threads are selected", () => {
    const threads = [thread("a", { contactId: "c1" }, { statusId: "lead" }), thread("b", { contactId: "c1" }), thread("c", { contactId: "c2" }, { statusId: null })];
    const plan = planBulk({ kind: "status", statusId: "won", statusName: "Won" }, threads, member);
    expect(plan.tasks.map((t) => [t.key, t.undo])).toEqual([
      ["c1", { kind: "status", contactId: "c1", statusId: "lead" }],
      ["c2", { kind: "status", contactId: "c2", statusId: null }],
    ]);
    const tags = planBulk({ kind: "tag", tagId: "vip", tagName: "VIP", add: true }, threads, member);
    expect(tags.tasks.map((t) => t.op)).toEqual([
      { kind: "tag", contactId: "c1", tagId: "vip", add: true },
      { kind: "tag", contactId: "c2", tagId: "vip", add: true },
    ]);
  });

  it("remembers for undo whether the tag was there, the viewer's read state and the thread's own assignee", () => {
    const tagged = thread("a", { contactId: "c1" }, { tagIds: ["vip"] });
    const untagged = thread("b", { contactId: "c2" }, { tagIds: [] });
    const unknown = thread("c", { contactId: "c3", contact: undefined });
    const tags = planBulk({ kind: "tag", tagId: "vip", tagName: "VIP", add: true }, [tagged, untagged, unknown], member);
    expect(undoPlan(tags.tasks).tasks.map((t) => t.op)).toEqual([{ kind: "tag", contactId: "c2", tagId: "vip", add: false }]);

    const reads = planBulk({ kind: "read", read: false }, [tagged, untagged], { ...member, unreadFor: (t) => t.id === "b" });
    expect(reads.tasks.map((t) => t.undo)).toEqual([
      { kind: "read", thread: tagged, read: true },
      { kind: "read", thread: untagged, read: false },
    ]);
    expect(planBulk({ kind: "read", read: true }, [tagged], member).tasks[0]!.undo).toBeNull();

    const own = thread("d", { assigneeId: "other", assigneeSource: "thread" });
    const viaContact = thread("e", { assigneeId: "boss", assigneeSource: "contact" });
    const assign = planBulk({ kind: "assign", assigneeId: "mgr", assigneeName: "Marcus" }, [own, viaContact], manager);
    expect(assign.tasks.map((t) => t.undo)).toEqual([
      { kind: "thread", threadId: "d", patch: { assigneeId: "other" } },
      { kind: "thread", threadId: "e", patch: { assigneeId: null } },
    ]);
  });

  it("says why a thread without a contact gets no tag", () => {
    const plan = planBulk({ kind: "tag", tagId: "vip", tagName: "VIP", add: false }, [thread("a", { contactId: null })], manager);
    expect(plan.tasks).toEqual([]);
    expect(plan.refused).toEqual([{ key: "a", name: "Person a", reason: NO_CONTACT }]);
  });

  it("lets a member assign to themselves and unassign only their own, with the reason for the rest", () => {
    const threads = [thread("mine", { assigneeId: "me" }), thread("theirs", { assigneeId: "other" }), thread("free", { assigneeId: null })];
    expect(planBulk({ kind: "assign", assigneeId: "me" }, threads, member).tasks.map((t) => t.key)).toEqual(["mine", "theirs", "free"]);

    const unassign = planBulk({ kind: "assign", assigneeId: null }, threads, member);
    expect(unassign.tasks.map((t) => t.key)).toEqual(["mine"]);
    expect(unassign.refused.map((r) => [r.key, r.reason])).toEqual([
      ["theirs", ONLY_OWN_UNASSIGN],
      ["free", ONLY_OWN_UNASSIGN],
    ]);

    const toOther = planBulk({ kind: "assign", assigneeId: "other" }, threads, member);
    expect(toOther.tasks).toEqual([]);
    expect(toOther.refused.every((r) => r.reason === ONLY_MANAGERS_ASSIGN_OTHERS)).toBe(true);
    expect(planBulk({ kind: "assign", assigneeId: "other" }, threads, manager).tasks).toHaveLength(3);
  });
});

describe("one action on one conversation", () => {
  it("says what it did to whom", () => {
    expect(oneDoneSentence({ kind: "archive", archived: true }, "Ada")).toBe("Archived the conversation with Ada");
    expect(oneDoneSentence({ kind: "read", read: false }, "Ada")).toBe("Marked the conversation with Ada unread");
    expect(oneDoneSentence({ kind: "assign", assigneeId: "p", assigneeName: "Priya" }, "Ada")).toBe("Assigned the conversation with Ada to Priya");
    expect(oneDoneSentence({ kind: "tag", tagId: "t", tagName: "Hot", add: false }, "Ada")).toBe("Removed “Hot” from Ada");
    expect(oneDoneSentence({ kind: "status", statusId: null, statusName: "" }, "Ada")).toBe("Cleared the status of Ada");
  });
});

describe("undoing", () => {
  it("reverts exactly what succeeded, to each item's previous value, and skips what did not change", () => {
    const plan = planBulk({ kind: "archive", archived: true }, [thread("a"), thread("b", { archived: true }), thread("c")], manager);
    const undo = undoPlan([plan.tasks[0]!, plan.tasks[1]!]);
    expect(undo.tasks.map((t) => t.op)).toEqual([{ kind: "thread", threadId: "a", patch: { archived: false } }]);
  });
});

describe("running a bulk action", () => {
  const tasks: BulkTask[] = Array.from({ length: 10 }, (_, i) => ({
    key: `t${i}`,
    name: `T${i}`,
    op: { kind: "thread", threadId: `t${i}`, patch: { archived: true } },
    undo: null,
  }));
  const idOf = (op: BulkOp) => (op.kind === "thread" ? op.threadId : "");

  it("never has more than the limit in flight, and reports progress for each item", async () => {
    let inFlight = 0;
    let most = 0;
    const progress: number[] = [];
    const result = await runBulk(
      tasks,
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
      },
      { concurrency: 3, onProgress: (done) => progress.push(done), reasonOf: String },
    );
    expect(most).toBe(3);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.succeeded).toHaveLength(10);
  });

  it("lists each failure with its reason, in the plan's order", async () => {
    const result = await runBulk(
      tasks,
      async (op) => {
        if (["t2", "t7"].includes(idOf(op))) throw new Error(`no ${idOf(op)}`);
      },
      { reasonOf: (error) => (error as Error).message },
    );
    expect(result.failed.map((f) => [f.task.key, f.reason])).toEqual([
      ["t2", "no t2"],
      ["t7", "no t7"],
    ]);
    expect(result.succeeded).toHaveLength(8);
    expect(result.notStarted).toEqual([]);
  });

  it("starts nothing more once cancelled; what was in flight finishes and is reported", async () => {
    const controller = new AbortController();
    const started: string[] = [];
    const result = await runBulk(
      tasks,
      async (op) => {
        started.push(idOf(op));
        if (started.length === 3) controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
      { concurrency: 2, signal: controller.signal, reasonOf: String },
    );
    expect(started.length).toBeLessThanOrEqual(4);
    expect(result.succeeded.length).toBe(started.length);
    expect(result.notStarted.map((t) => t.key)).toEqual(tasks.slice(started.length).map((t) => t.key));
  });

  it("runs nothing for no tasks", async () => {
    expect(await runBulk([], async () => undefined, { reasonOf: String })).toEqual({ succeeded: [], failed: [], notStarted: [] });
  });
});

describe("paging through a whole view", () => {
  it("follows cursors to the end, counting as it goes", async () => {
    const pages: Record<string, { data: number[]; nextCursor: string | null }> = {
      start: { data: [1, 2], nextCursor: "p2" },
      p2: { data: [3, 4], nextCursor: "p3" },
      p3: { data: [5], nextCursor: null },
    };
    const counts: number[] = [];
    const items = await collectPages(async (cursor) => pages[cursor ?? "start"]!, { onCount: (n) => counts.push(n) });
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(counts).toEqual([2, 4, 5]);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    const fetchPage = async () => {
      controller.abort();
      return { data: [1], nextCursor: "more" };
    };
    await expect(collectPages(fetchPage, { signal: controller.signal })).rejects.toThrow();
  });
});

describe("what a run says", () => {
  it("names the work in progress and what was done", () => {
    expect(progressVerb({ kind: "archive", archived: true })).toBe("Archiving");
    expect(progressVerb({ kind: "assign", assigneeId: null })).toBe("Unassigning");
    expect(doneSentence({ kind: "archive", archived: true }, 1)).toBe("Archived 1 conversation");
    expect(doneSentence({ kind: "status", statusId: "w", statusName: "Won" }, 1234)).toBe("Set 1,234 contacts to Won");
    expect(doneSentence({ kind: "tag", tagId: "v", tagName: "VIP", add: false }, 2)).toBe("Removed “VIP” from 2 contacts");
  });
});
