import type { Draft } from "@/lib/api/drafts";
import type { SyncedDraft } from "@/lib/client/stores/drafts";

/**
 * Which copy of a draft the box shows when the server's answer arrives (the rule written down in
 * lib/api/drafts): null keeps the box as it is; otherwise the box takes the server's draft (or
 * its absence: sent or emptied on another device).
 *
 * - Text typed here and not yet saved (it differs from `synced`) is kept, and saved next;
 *   unless the server holds that very text (a save whose answer never came back).
 * - Otherwise the server's draft wins when it is newer than what this device last saved or
 *   took, comparing the server's own timestamps, never this device's clock.
 * - A draft this device had saved and the server no longer holds was sent or emptied elsewhere.
 */
export function reconcile(local: string, synced: SyncedDraft | undefined, server: Draft | null): { take: SyncedDraft | null } | null {
  const newer = server !== null && (!synced || Date.parse(server.updatedAt) > Date.parse(synced.at));
  const take = server && newer ? { take: { text: server.text, at: server.updatedAt } } : null;
  // The same text there: a save whose answer was lost (the tab closed as it went) did arrive.
  if (server?.text === local) return take;
  const unsaved = local !== (synced?.text ?? "");
  if (unsaved) return null;
  if (server) return take;
  return synced ? { take: null } : null;
}
