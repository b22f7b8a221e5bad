import { z } from "zod";
import { serviceId, timestamp } from "./primitives";
import { memberAvailability, routingQueueSummary } from "./routing";
import { inFolder, type Thread } from "./threads";

/**
 * GET /api/inbox/workload (managers): who carries what, from the inbox's own index of threads.
 * `open` counts what sits in the inbox folder; `waiting` what waits on a reply from us
 * (noReply), with the oldest wait's start.
 */
export const workloadTally = z.object({ open: z.number(), unread: z.number(), waiting: z.number(), oldestWaitSince: timestamp.nullable() });
export type WorkloadTally = z.infer<typeof workloadTally>;

export const workload = z.object({
  members: z.array(workloadTally.extend({ memberId: serviceId })),
  unassigned: workloadTally,
  accountLinks: z.array(workloadTally.extend({ accountLinkId: serviceId })),
});
export type Workload = z.infer<typeof workload>;

/** What GET /api/inbox/workload answers: the workload, with each member's availability and capacity and routing's queue. */
export const teamWorkload = workload.extend({ availability: z.array(memberAvailability), queue: routingQueueSummary });
export type TeamWorkload = z.infer<typeof teamWorkload>;

type Countable = Pick<Thread, "archived" | "acceptanceState" | "lastMessage" | "unread" | "assigneeId" | "accountLinkId">;

const empty = (): WorkloadTally => ({ open: 0, unread: 0, waiting: 0, oldestWaitSince: null });

function add(tally: WorkloadTally, thread: Countable): void {
  if (!inFolder(thread, "inbox")) return;
  tally.open += 1;
  if (thread.unread) tally.unread += 1;
  if (inFolder(thread, "noReply")) {
    tally.waiting += 1;
    const since = thread.lastMessage!.sentAt;
    if (tally.oldestWaitSince === null || Date.parse(since) < Date.parse(tally.oldestWaitSince)) tally.oldestWaitSince = since;
  }
}

/** The workload of a set of threads, per assignee (every member listed, even with nothing), unassigned, and per account link. */
export function computeWorkload(threads: readonly Countable[], memberIds: readonly string[], accountLinkIds: readonly string[]): Workload {
  const members = new Map(memberIds.map((id) => [id, empty()]));
  const links = new Map(accountLinkIds.map((id) => [id, empty()]));
  const unassigned = empty();
  for (const thread of threads) {
    if (thread.assigneeId === null) add(unassigned, thread);
    else {
      if (!members.has(thread.assigneeId)) members.set(thread.assigneeId, empty());
      add(members.get(thread.assigneeId)!, thread);
    }
    if (!links.has(thread.accountLinkId)) links.set(thread.accountLinkId, empty());
    add(links.get(thread.accountLinkId)!, thread);
  }
  return {
    members: [...members].map(([memberId, tally]) => ({ memberId, ...tally })),
    unassigned,
    accountLinks: [...links].map(([accountLinkId, tally]) => ({ accountLinkId, ...tally })),
  };
}
