import { z } from "zod";

/**
 * The inbox's team-wide settings (GET/PATCH /api/settings; the API has no place for them).
 *
 * - `memberVisibility`: which conversations members see. `all` (the default), or
 *   `assignedAndUnassigned`: their own and the unassigned ones; managers and admins see all.
 */
export const MEMBER_VISIBILITIES = ["all", "assignedAndUnassigned"] as const;
export type MemberVisibility = (typeof MEMBER_VISIBILITIES)[number];

export const teamSettings = z.object({
  memberVisibility: z.enum(MEMBER_VISIBILITIES).default("all"),
});
export type TeamSettings = z.infer<typeof teamSettings>;
export const teamSettingsPatch = teamSettings.partial().strict();
export type TeamSettingsPatch = z.infer<typeof teamSettingsPatch>;
