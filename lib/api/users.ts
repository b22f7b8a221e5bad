import { z } from "zod";
import { serviceId, timestamp } from "./primitives";
import { ROLES, type Role } from "./roles";

/**
 * The inbox's users (not API members: a user signs in to the inbox and acts as one member),
 * managed by admins at /api/inbox/users and by `npm run users`, both through lib/server/accounts/users.
 * The rules on a field live here, so the settings page checks a form with the server's
 * sentences before sending it.
 *
 * Endpoints (everyone signed in reads the list; only admins change it):
 * - GET    /api/inbox/users                  → `{ data: InboxUser[] }`, by email
 * - POST   /api/inbox/users                  `NewUser` → 201 InboxUser
 * - PATCH  /api/inbox/users/:userId          `UserPatch` → InboxUser
 * - PUT    /api/inbox/users/:userId/password `{ password }` → 204; the user's sessions end
 * - DELETE /api/inbox/users/:userId          → 204; the user's sessions end
 *
 * Refusals: 409 `userExists` (the email is taken), 409 `memberTaken` (another user already
 * acts as that member: two people as one member would share "mine" and presence), 409
 * `lastAdmin` (the team would be left without an admin), 404 `userNotFound`, 404
 * `memberNotFound` (the API has no such member), 403 `forbidden` (not an admin, or an admin
 * changing their own role or removing themselves: another admin must, so nobody locks
 * themselves out by a slip).
 */
export const userRole = z.enum(ROLES);
export const userEmail = z.string().trim().toLowerCase().pipe(z.email("Enter an email address, such as anna@example.com."));
export const userPassword = z
  .string()
  .min(8, "A password needs at least 8 characters.")
  .max(256, "A password may have at most 256 characters.");
export const userName = z
  .string()
  .trim()
  .min(1, "Enter a name.")
  .max(100, "A name may have at most 100 characters.")
  // A name is shown on one line, and the database cannot hold a NUL.
  .regex(/^[^\u0000-\u001F\u007F]*$/, "A name may not hold control characters.");
const memberLink = serviceId.nullable();

export const newUser = z.object({
  email: userEmail,
  name: userName,
  password: userPassword,
  role: userRole.default("member"),
  memberId: memberLink.default(null),
});
export type NewUser = z.input<typeof newUser>;

export const userPatch = z.strictObject({ name: userName, role: userRole, memberId: memberLink }).partial();
export type UserPatch = z.input<typeof userPatch>;

export const passwordReset = z.strictObject({ password: userPassword });

export const inboxUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: userRole,
  memberId: serviceId.nullable(),
  createdAt: timestamp,
});
export type InboxUser = z.infer<typeof inboxUser>;

export const userList = z.object({ data: z.array(inboxUser) });

/** The first problem with a field's value, in the server's sentence, or null. */
export function fieldProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "That isn't valid.");
}

/**
 * Who may change users through the inbox's pages (`npm run users` has no such rule: whoever runs
 * it holds the server): admins only, and not their own role nor their own account, which another
 * admin must change, so nobody locks themselves out by a slip. A sentence, or null when allowed.
 */
export function userAdminRefusal(actor: { userId: string; role: Role }, targetId: string | null, change: UserChange): string | null {
  if (actor.role !== "admin") return "Only admins can add, change or remove users.";
  if (targetId !== actor.userId) return null;
  if (change === "role") return "You can't change your own role: ask another admin.";
  if (change === "remove") return "You can't remove yourself: ask another admin.";
  return null;
}

export type UserChange = "add" | "edit" | "role" | "remove" | "password";
