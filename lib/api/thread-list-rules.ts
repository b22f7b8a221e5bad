import type { Thread } from "./threads";

/**
 * The rules of GET /threads (lib/api/threads) that clients apply themselves: the folders a thread
 * sorts into, the orders, and what `q` searches. Apart from the schemas, so the browser's list
 * takes them without zod (issue 18).
 */
export const FOLDERS = ["inbox", "noReply", "requests", "archived", "all"] as const;
export type Folder = (typeof FOLDERS)[number];

/**
 * `order` values are "not shown". Ours: `newest` (default: latest activity first) and
 * `oldest` (longest-waiting first, for working a `noReply` queue).
 */
export const THREAD_ORDERS = ["newest", "oldest"] as const;
export type ThreadOrder = (typeof THREAD_ORDERS)[number];

/**
 * What `q` searches (our reading, documented with the filters below): the person's display
 * name, username and handle and the thread's latest preview, joined and lower-cased; a thread
 * matches when its text contains `q` in lower case.
 */
export function threadSearchText(
  profile: { displayName: string | null; username: string | null; handle: string | null } | null,
  preview: string | null,
): string {
  return [profile?.displayName, profile?.username, profile?.handle, preview]
    .filter((part): part is string => !!part)
    .join(" ")
    .toLowerCase();
}

/** Whether a thread belongs in a folder, by the folder rules of GET /threads below. */
export function inFolder(item: Pick<Thread, "archived" | "acceptanceState" | "lastMessage">, folder: Folder): boolean {
  switch (folder) {
    case "all":
      return true;
    case "archived":
      return item.archived;
    case "requests":
      return !item.archived && item.acceptanceState === "pending";
    case "inbox":
      return !item.archived && item.acceptanceState !== "pending";
    case "noReply":
      return !item.archived && item.acceptanceState !== "pending" && item.lastMessage?.direction === "inbound";
  }
}
