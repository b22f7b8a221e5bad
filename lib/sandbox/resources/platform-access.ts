import { fail } from "../http";
import type { teams } from "../schema";

/**
 * 403 platformNotAvailable: a resource, filter or send on a platform the team cannot use.
 * GET /platforms lists the ones it can.
 */
export function requirePlatforms(team: typeof teams.$inferSelect, wanted: readonly string[]): void {
  const missing = wanted.find((platform) => !team.platforms.includes(platform));
  if (missing !== undefined) fail("platformNotAvailable", `The team cannot use ${missing}`, { platform: missing });
}
