/**
 * Messages this tab sent: not "new activity" when the member replies again
 * (lib/client/thread/new-activity), and not an update to hold back in the list. A module of its
 * own: the list reads it on the first load, which the send pipeline (./send) stays out of.
 */
export const sentFromThisTab = new Set<string>();
