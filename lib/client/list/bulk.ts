import type { Page } from "@/lib/api/primitives";
import type { Thread } from "@/lib/api/threads";
import { personName } from "@/lib/client/format";

/**
 * Bulk actions on many threads, as plain data and one runner: `planBulk` turns an action and
 * the selected threads into one write per thread (or per contact, for what lives on the
 * contact), each with the write that would undo it (one action on one thread is planned the
 * same way, so it gets the same Undo), and says why the items it leaves out are
 * left out; `runBulk` performs the writes a few at a time, can be cancelled, and reports every
 * item as done, failed (with its reason) or not started. Nothing is dropped without a reason.
 */
export type BulkAction =
  | { kind: "archive"; archived: boolean }
  | { kind: "read"; read: boolean }
  | { kind: "assign"; assigneeId: string | null; assigneeName?: string }
  | { kind: "tag"; tagId: string; tagName: string; add: boolean }
  | { kind: "status"; statusId: string | null; statusName: string };

/** One write to the BFF. */
export type BulkOp =
  | { kind: "thread"; threadId: string; patch: { archived?: boolean; assigneeId?: string | null } }
  | { kind: "read"; thread: Thread; read: boolean }
  | { kind: "tag"; contactId: string; tagId: string; add: boolean }
  | { kind: "status"; contactId: string; statusId: string | null };

export type BulkTask = {
  /** The thread's or contact's ID: one task per key. */
  key: string;
  /** Whom it is about, for the list of failures. */
  name: string;
  op: BulkOp;
  /** The write that puts back what was there before, where the action can be undone. */
  undo: BulkOp | null;
};

export type BulkRefusal = { key: string; name: string; reason: string };

export type BulkPlan = { tasks: BulkTask[]; refused: BulkRefusal[] };

export type BulkFailure = { task: BulkTask; reason: string };

export type BulkResult = {
  succeeded: BulkTask[];
  failed: BulkFailure[];
  /** Cancelled before they started. */
  notStarted: BulkTask[];
};

/**
 * Who acts: members may assign only to themselves and unassign only their own (lib/server/access/policy).
 * `unreadFor` is the viewer's own read state, which undoing a read change puts back.
 */
export type BulkViewer = { memberId: string | null; manager: boolean; unreadFor?: (thread: Thread) => boolean };

export const CONCURRENCY = 4;

// The same sentences the BFF's policy answers with, so a refusal reads the same either way.
export const ONLY_MANAGERS_ASSIGN_OTHERS = "Only managers can assign conversations to someone else.";
export const ONLY_OWN_UNASSIGN = "You can only unassign conversations assigned to you.";
export const NO_CONTACT = "This person has no contact record yet, so there is nothing to tag or give a status.";
export const NOT_LINKED = "Your login isn't linked to a team member, so nothing can be assigned to you.";

/** The writes an action makes on these threads, and the threads it may not touch with the reason. */
export function planBulk(action: BulkAction, threads: readonly Thread[], viewer: BulkViewer): BulkPlan {
  const tasks: BulkTask[] = [];
  const refused: BulkRefusal[] = [];
  const refuse = (thread: Thread, reason: string) => refused.push({ key: thread.id, name: personName(thread.profile), reason });

  if (action.kind === "tag" || action.kind === "status") {
    // Tags and statuses are the contact's: one write per contact, however many threads it has.
    const seen = new Set<string>();
    for (const thread of threads) {
      if (!thread.contactId) {
        refuse(thread, NO_CONTACT);
        continue;
      }
      if (seen.has(thread.contactId)) continue;
      seen.add(thread.contactId);
      const contactId = thread.contactId;
      const name = personName(thread.profile);
      if (action.kind === "tag") {
        // Undone by the opposite write, where the tag was known to be (or not be) there before.
        const had = thread.contact?.tagIds.includes(action.tagId);
        const undo = had === undefined ? null : { kind: "tag" as const, contactId, tagId: action.tagId, add: had };
        tasks.push({ key: contactId, name, op: { kind: "tag", contactId, tagId: action.tagId, add: action.add }, undo });
      } else {
        // Without the contact embedded the old status is unknown: that one write cannot be undone.
        const before = thread.contact ? { kind: "status" as const, contactId, statusId: thread.contact.statusId } : null;
        tasks.push({ key: contactId, name, op: { kind: "status", contactId, statusId: action.statusId }, undo: before });
      }
    }
    return { tasks, refused };
  }

  for (const thread of threads) {
    const name = personName(thread.profile);
    const key = thread.id;
    switch (action.kind) {
      case "archive":
        tasks.push({
          key,
          name,
          op: { kind: "thread", threadId: key, patch: { archived: action.archived } },
          undo: { kind: "thread", threadId: key, patch: { archived: thread.archived } },
        });
        break;
      case "read": {
        // The viewer's own read state before, where it is known.
        const undo = viewer.unreadFor ? { kind: "read" as const, thread, read: !viewer.unreadFor(thread) } : null;
        tasks.push({ key, name, op: { kind: "read", thread, read: action.read }, undo });
        break;
      }
      case "assign": {
        const refusal = assignRefusal(action.assigneeId, thread, viewer);
        // The thread's own assignee before: none when it followed its contact's.
        const before = thread.assigneeSource === "thread" ? thread.assigneeId : null;
        if (refusal) refuse(thread, refusal);
        else {
          tasks.push({
            key,
            name,
            op: { kind: "thread", threadId: key, patch: { assigneeId: action.assigneeId } },
            undo: { kind: "thread", threadId: key, patch: { assigneeId: before } },
          });
        }
        break;
      }
    }
  }
  return { tasks, refused };
}

/** Why the viewer may not make this assignment, or null; the server decides again. */
export function assignRefusal(assigneeId: string | null, thread: Pick<Thread, "assigneeId">, viewer: BulkViewer): string | null {
  if (viewer.manager) return null;
  if (viewer.memberId === null) return NOT_LINKED;
  if (assigneeId === null) return thread.assigneeId === viewer.memberId ? null : ONLY_OWN_UNASSIGN;
  return assigneeId === viewer.memberId ? null : ONLY_MANAGERS_ASSIGN_OTHERS;
}

/** The writes that undo what succeeded, each putting back that item's own previous value. */
export function undoPlan(succeeded: readonly BulkTask[]): BulkPlan {
  const tasks = succeeded
    .filter((task): task is BulkTask & { undo: BulkOp } => task.undo !== null && !sameOp(task.op, task.undo))
    .map((task) => ({ key: task.key, name: task.name, op: task.undo, undo: task.op }));
  return { tasks, refused: [] };
}

/**
 * Performs the tasks, at most `concurrency` at once, in order. Cancelling stops new writes
 * from starting; those already sent finish and are reported as they end.
 */
export async function runBulk(
  tasks: readonly BulkTask[],
  perform: (op: BulkOp) => Promise<void>,
  options: { concurrency?: number; signal?: AbortSignal; onProgress?: (done: number, total: number) => void; reasonOf: (error: unknown) => string },
): Promise<BulkResult> {
  const result: BulkResult = { succeeded: [], failed: [], notStarted: [] };
  const outcome = new Map<BulkTask, "ok" | BulkFailure>();
  let next = 0;
  let done = 0;

  async function worker() {
    while (next < tasks.length && !options.signal?.aborted) {
      const task = tasks[next++]!;
      try {
        await perform(task.op);
        outcome.set(task, "ok");
      } catch (error) {
        outcome.set(task, { task, reason: options.reasonOf(error) });
      }
      done += 1;
      options.onProgress?.(done, tasks.length);
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? CONCURRENCY, tasks.length)) }, worker));
  // Reported in the order of the plan, whatever order the writes finished in.
  for (const task of tasks) {
    const end = outcome.get(task);
    if (end === undefined) result.notStarted.push(task);
    else if (end === "ok") result.succeeded.push(task);
    else result.failed.push(end);
  }
  return result;
}

/** Every item of a paged list, page after page, with the running count; stops when aborted. */
export async function collectPages<Item>(
  fetchPage: (cursor: string | null) => Promise<Page<Item>>,
  options: { signal?: AbortSignal; onCount?: (count: number) => void } = {},
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    options.signal?.throwIfAborted();
    const page: Page<Item> = await fetchPage(cursor);
    items.push(...page.data);
    options.onCount?.(items.length);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}

/** "Archiving", "Setting status"…: what a run is doing, for its progress line. */
export function progressVerb(action: BulkAction | "undo"): string {
  if (action === "undo") return "Undoing";
  switch (action.kind) {
    case "archive":
      return action.archived ? "Archiving" : "Unarchiving";
    case "read":
      return action.read ? "Marking read" : "Marking unread";
    case "assign":
      return action.assigneeId === null ? "Unassigning" : `Assigning to ${action.assigneeName ?? "a member"}`;
    case "tag":
      return action.add ? `Tagging “${action.tagName}”` : `Removing “${action.tagName}”`;
    case "status":
      return `Setting status ${action.statusName}`;
  }
}

/** "Archived 12 conversations": what a finished run did. */
export function doneSentence(action: BulkAction | "undo", count: number): string {
  const conversations = plural(count, "conversation");
  if (action === "undo") return `Undid the change on ${plural(count, "item")}`;
  switch (action.kind) {
    case "archive":
      return `${action.archived ? "Archived" : "Unarchived"} ${conversations}`;
    case "read":
      return `Marked ${conversations} ${action.read ? "read" : "unread"}`;
    case "assign":
      return action.assigneeId === null ? `Unassigned ${conversations}` : `Assigned ${conversations} to ${action.assigneeName ?? "a member"}`;
    case "tag":
      return action.add ? `Tagged ${plural(count, "contact")} “${action.tagName}”` : `Removed “${action.tagName}” from ${plural(count, "contact")}`;
    case "status":
      return `Set ${plural(count, "contact")} to ${action.statusName}`;
  }
}

/** "Archived the conversation with Ada Lovelace": what one action on one conversation did, for its Undo toast. */
export function oneDoneSentence(action: BulkAction, name: string): string {
  switch (action.kind) {
    case "archive":
      return `${action.archived ? "Archived" : "Unarchived"} the conversation with ${name}`;
    case "read":
      return `Marked the conversation with ${name} ${action.read ? "read" : "unread"}`;
    case "assign":
      return action.assigneeId === null
        ? `Unassigned the conversation with ${name}`
        : `Assigned the conversation with ${name} to ${action.assigneeName ?? "a member"}`;
    case "tag":
      return action.add ? `Tagged ${name} “${action.tagName}”` : `Removed “${action.tagName}” from ${name}`;
    case "status":
      return action.statusId === null ? `Cleared the status of ${name}` : `Set ${name} to ${action.statusName}`;
  }
}

export function plural(count: number, noun: string): string {
  return `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;
}

function sameOp(a: BulkOp, b: BulkOp): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
