/**
 * The inbox's roles. Not part of the upstream API (whose token acts as the team owner): the
 * BFF gives each user one, enforces it in its policy table, and the browser reads it to hide
 * or disable what a role cannot do. Roles nest: admin ⊇ manager ⊇ member.
 */
export const ROLES = ["member", "manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Whether `role` is at least `least`. */
export function atLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(least);
}
