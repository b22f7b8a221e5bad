import "server-only";
import type { MemberVisibility } from "@/lib/api/settings";
import { atLeast, type Role } from "@/lib/api/roles";

/**
 * Which threads and contacts a viewer sees (the team setting `memberVisibility`, lib/api/
 * settings): every read and write path asks here, whichever way it reaches the data (the
 * proxy, the index's lists, sends by contact, activity, event streams, the inbox's endpoints).
 */
export type Viewer = { role: Role; memberId: string; visibility: MemberVisibility };

/**
 * Whether the viewer may see a thread or contact. Under `assignedAndUnassigned` a member sees
 * what is assigned to them or to nobody; managers and admins see everything. For a thread,
 * `assigneeId` is the effective assignee (the thread's own, else its contact's).
 */
export function canSee(item: { assigneeId: string | null }, viewer: Viewer): boolean {
  if (viewer.visibility === "all" || atLeast(viewer.role, "manager")) return true;
  return item.assigneeId === null || item.assigneeId === viewer.memberId;
}

/** The items of a page the viewer may see, in order. */
export function filterVisible<Item extends { assigneeId: string | null }>(items: readonly Item[], viewer: Viewer): Item[] {
  return items.filter((item) => canSee(item, viewer));
}
