import { z } from "zod";
import { openEnum, serviceId, timestamp } from "./primitives";

/**
 * Team. Fields beyond the spec's list are "not shown"; we add two that a client needs
 * to explain a 403 before it happens:
 * - `plan`: the plan's name (an open string).
 * - `addOns`: the add-ons the team has; `advancedApi` allows profile-target sends to
 *   non-contacts (otherwise 403 planRequired), `outreach` enables lists, leads and campaigns.
 */
export const TEAM_ADD_ONS = ["advancedApi", "outreach"] as const;
export const team = z.looseObject({
  id: serviceId,
  name: z.string(),
  slug: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp.nullable(),
  currency: z.string(),
  allowSupportAccess: z.boolean(),
  imageUrl: z.string().nullable(),
  plan: z.string(),
  addOns: z.array(openEnum(TEAM_ADD_ONS)),
});
export type Team = z.infer<typeof team>;

/**
 * Member: the spec shows only that it has a service ID. Our choice is the minimum an
 * inbox needs to show and assign people: name, email, avatar and the team role.
 * `role` is the member's role on the team in the service's dashboard, not an inbox role.
 */
export const MEMBER_ROLES = ["owner", "admin", "manager", "member"] as const;
export const member = z.looseObject({
  id: serviceId,
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: openEnum(MEMBER_ROLES),
  createdAt: timestamp,
});
export type Member = z.infer<typeof member>;
