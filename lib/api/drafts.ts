import { z } from "zod";
import { serviceId, timestamp } from "./primitives";

/**
 * Drafts that follow the member: what they have typed in a conversation's reply box and not
 * sent, kept by the inbox (the API has none), one per member and thread, so it comes back on
 * another device or after a crash. Only its author ever reads its text; teammates learn only
 * that someone holds one (`holders`), from GET and live from the `drafts` server event.
 *
 * GET /api/inbox/drafts?threadId=…, PUT /api/inbox/drafts (save), DELETE /api/inbox/drafts?threadId=…
 * (sent, or emptied). A thread the member cannot see answers 404 threadNotFound, as it does elsewhere.
 *
 * Which copy wins when a thread is opened (lib/client/drafts/reconcile): text typed on this
 * device and not yet saved is never replaced; otherwise the server's draft replaces the local
 * one when it is newer than what this device last saved or took from the server. Both sides
 * of that comparison are the server's clock (`updatedAt`), so devices' clocks do not matter.
 */
export const DRAFT_MAX_LENGTH = 50_000;

export const draft = z.object({
  threadId: z.string(),
  text: z.string(),
  /** When the server stored it: the only clock drafts are compared by. */
  updatedAt: timestamp,
});
export type Draft = z.infer<typeof draft>;

/** Someone with a draft in a thread: a name, never the text. */
export const draftHolder = z.object({ userId: z.string(), name: z.string() });
export type DraftHolder = z.infer<typeof draftHolder>;

/** GET: the viewer's own draft of the thread (null without one) and everyone holding one there, the viewer included. */
export const threadDrafts = z.object({ draft: draft.nullable(), holders: z.array(draftHolder) });
export type ThreadDrafts = z.infer<typeof threadDrafts>;

export const draftQuery = z.strictObject({ threadId: serviceId });

/** PUT: the whole text; an empty draft is DELETEd instead. */
export const draftSave = z.strictObject({
  threadId: serviceId,
  text: z
    .string()
    .max(DRAFT_MAX_LENGTH, `A draft has at most ${DRAFT_MAX_LENGTH.toLocaleString("en")} characters.`)
    .refine((text) => text.length > 0, "An empty draft is deleted, not saved."),
});
export type DraftSave = z.infer<typeof draftSave>;
