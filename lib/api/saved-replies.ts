import { z } from "zod";
import { atLeast, type Role } from "./roles";
import { timestamp } from "./primitives";
import { unknownVariablesProblem } from "./saved-reply-variables";

/**
 * Saved replies, kept by the inbox (the API has none): the team's library, which managers and
 * admins edit and everyone uses, and each member's personal ones, which only their owner sees.
 * GET/POST /api/inbox/saved-replies, PATCH/DELETE /api/inbox/saved-replies/:replyId.
 *
 * A body may name variables, filled for the conversation it is inserted into (./saved-reply-
 * variables holds the syntax and the resolution): `{first-name}`, `{display-name}`,
 * `{member-name}`, `{account-name}`, each with an optional fallback after a bar,
 * `{first-name|there}`.
 *
 * The shortcut is what is typed after `;` or `/` in the composer: lowercase letters, digits
 * and dashes, unique within its library (the team's, or one member's); a personal reply may
 * share a team reply's shortcut, and both are offered.
 */
export const SAVED_REPLY_SCOPES = ["team", "personal"] as const;
export type SavedReplyScope = (typeof SAVED_REPLY_SCOPES)[number];

export const SAVED_REPLY_LIMITS = { name: 80, shortcut: 32, body: 5_000 } as const;

const name = z.string().trim().min(1, "A saved reply needs a name.").max(SAVED_REPLY_LIMITS.name, `A name has at most ${SAVED_REPLY_LIMITS.name} characters.`);
const shortcut = z
  .string()
  .trim()
  .toLowerCase()
  .max(SAVED_REPLY_LIMITS.shortcut, `A shortcut has at most ${SAVED_REPLY_LIMITS.shortcut} characters.`)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "A shortcut is lowercase letters, digits and dashes, such as “pricing” or “follow-up”.");

export const savedReply = z.object({
  id: z.string(),
  scope: z.enum(SAVED_REPLY_SCOPES),
  name: z.string(),
  shortcut: z.string(),
  body: z.string(),
  /** Who last changed it, by name (a team reply is shared; personal ones are the viewer's own). */
  updatedBy: z.string(),
  updatedAt: timestamp,
});
export type SavedReply = z.infer<typeof savedReply>;
export const savedReplyList = z.object({ data: z.array(savedReply) });

/** The text, with only known variables (./saved-reply-variables). */
const body = z
  .string()
  .max(SAVED_REPLY_LIMITS.body, `A saved reply has at most ${SAVED_REPLY_LIMITS.body.toLocaleString("en")} characters.`)
  .refine((text) => text.trim().length > 0, "A saved reply needs some text.")
  .superRefine((text, ctx) => {
    const problem = unknownVariablesProblem(text);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** POST /api/inbox/saved-replies. `team` needs a manager or an admin. */
export const newSavedReply = z.strictObject({ scope: z.enum(SAVED_REPLY_SCOPES), name, shortcut, body });
export type NewSavedReply = z.infer<typeof newSavedReply>;

/** PATCH /api/inbox/saved-replies/:replyId: any of the three; the library it is in does not change. */
export const savedReplyPatch = z
  .strictObject({ name, shortcut, body })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Name at least one of name, shortcut and body.");
export type SavedReplyPatch = z.infer<typeof savedReplyPatch>;

/** Whether a viewer may change or delete a reply: a team reply by managers and admins, a personal one by its owner alone. */
export function canEditSavedReply(viewer: { role: Role }, reply: Pick<SavedReply, "scope">): boolean {
  return reply.scope === "personal" || atLeast(viewer.role, "manager");
}

/** The sentence for a member who may not change the team's library (server refusal and UI note alike). */
export const TEAM_LIBRARY_REFUSAL = "Only managers and admins can change the team's saved replies.";
