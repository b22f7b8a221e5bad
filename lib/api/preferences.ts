import { z } from "zod";

/**
 * Each member's own preferences, kept by the inbox (GET/PATCH /api/inbox/preferences, for the
 * signed-in user only), so they follow the member from browser to browser.
 *
 * `notifications`: which new inbound messages raise a browser notification, by whose the
 * conversation is: assigned to me, unassigned, or assigned to another member (all three is
 * "all"). `mentions`: whether a teammate mentioning the member in a comment (lib/api/comments)
 * raises one too; on by default, as a mention is addressed to them. The in-app badge and toast
 * come whatever it says. Whether this browser may show them at all is the browser's own
 * permission, asked for on a click on the notifications page, never on load.
 */
export const NOTIFY_SCOPES = ["assignedToMe", "unassigned", "others"] as const;
export type NotifyScope = (typeof NOTIFY_SCOPES)[number];

export const notificationScopes = z.object({
  assignedToMe: z.boolean(),
  unassigned: z.boolean(),
  others: z.boolean(),
});
export type NotificationScopes = z.infer<typeof notificationScopes>;

export const DEFAULT_NOTIFICATIONS: NotificationScopes = { assignedToMe: true, unassigned: true, others: false };

/**
 * `undoSendSeconds`: how long a reply waits in the browser before it goes, with an Undo in its
 * toast (lib/client/thread/send); 0 sends at once. Nothing reaches the API while it waits.
 */
export const UNDO_SEND_CHOICES = [0, 5, 10, 20, 30] as const;
export const DEFAULT_UNDO_SEND_SECONDS = 5;
export const undoSendSeconds = z
  .number()
  .int()
  .refine((value) => (UNDO_SEND_CHOICES as readonly number[]).includes(value), `undoSendSeconds must be one of ${UNDO_SEND_CHOICES.join(", ")}`);

export const memberPreferences = z.object({
  notifications: notificationScopes.default(DEFAULT_NOTIFICATIONS),
  mentions: z.boolean().default(true),
  undoSendSeconds: undoSendSeconds.default(DEFAULT_UNDO_SEND_SECONDS).catch(DEFAULT_UNDO_SEND_SECONDS),
});
export type MemberPreferences = z.infer<typeof memberPreferences>;

export const preferencesPatch = z.strictObject({ notifications: notificationScopes.partial().strict(), mentions: z.boolean(), undoSendSeconds }).partial();
export type PreferencesPatch = z.infer<typeof preferencesPatch>;
