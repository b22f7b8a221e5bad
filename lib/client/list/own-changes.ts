/**
 * What the person changed from this tab — a reply, an assignment, a tag — so the list can tell
 * their own changes from everyone else's: their own apply in place, at once, and never count
 * as "N updated" (lib/client/list/stable-list). Each change takes the next number of one
 * counter; a list snapshot remembers the number it was taken at, so only changes made since
 * it are the person's to apply in place.
 *
 * Module state, like the tab's sent messages (lib/client/thread/send): a mark is always made
 * before the data change it explains arrives, so whoever reads it then sees it.
 */
let counter = 0;
const threads = new Map<string, number>();
const contacts = new Map<string, number>();

/** Notes a change the person is making to a thread, or to a contact (all its threads). */
export function noteOwnChange(target: { threadId?: string; contactId?: string | null }): void {
  counter += 1;
  if (target.threadId) threads.set(target.threadId, counter);
  if (target.contactId) contacts.set(target.contactId, counter);
}

/** The number of the latest change noted: what a snapshot taken now has seen. */
export function ownChangeCount(): number {
  return counter;
}

/** Whether the person changed this thread (or its contact) after change number `since`. */
export function changedByOwnSince(thread: { id: string; contactId?: string | null }, since: number): boolean {
  return (threads.get(thread.id) ?? 0) > since || (thread.contactId ? (contacts.get(thread.contactId) ?? 0) > since : false);
}

const gone = new Map<string, number>();

/**
 * Notes a thread that no longer exists for this person: deleted from this tab, or found gone
 * when opened (its read answered 404: deleted elsewhere, or no longer theirs to see). Unlike an
 * assignment, which leaves its row in place until the list is applied, a thread that is gone
 * leaves every list at once — a row there would only open "not found" — and its leaving is the
 * person's own news, never counted as "N updated".
 */
export function noteGone(threadId: string): void {
  noteOwnChange({ threadId });
  gone.set(threadId, Date.now());
}

/**
 * Whether a list leaves the thread out: it is gone, unless the list's data was read after it
 * was found gone and holds it again (`read`: when the data was read, and whether it holds the
 * thread) — seen again, say assigned back to the member who could no longer see it.
 */
export function isGone(threadId: string, read?: { at: number; holds: boolean }): boolean {
  const at = gone.get(threadId);
  if (at === undefined) return false;
  return !(read?.holds && read.at > at);
}
