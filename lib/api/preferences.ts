import { z } from "zod";

/**
 * Each member's own preferences, kept by the inbox (GET/PATCH /api/inbox/preferences, for the
 * signed-in user only), so they follow the member from browser to browser.
 *
 * `notifications`: which new inbound messages raise a browser notification, by whose the
 * conversation is: assigned to me, unassigned, or assigned to another member (all three is
 * "all"). Whether this browser may show them at all is the browser's own permission, asked for
 * on a click on the notifications page, never on load.
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

export const memberPreferences = z.object({
  notifications: notificationScopes.default(DEFAULT_NOTIFICATIONS),
});
export type MemberPreferences = z.infer<typeof memberPreferences>;

export const preferencesPatch = z.strictObject({ notifications: notificationScopes.partial().strict() }).partial();
export type PreferencesPatch = z.infer<typeof preferencesPatch>;
