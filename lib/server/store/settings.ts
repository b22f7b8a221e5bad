import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { teamSettings, teamSettingsPatch, type TeamSettings, type TeamSettingsPatch } from "@/lib/api/settings";
import { settings } from "./schema";

/**
 * The inbox's team-wide settings (lib/api/settings), each a row of `settings` with a JSON
 * value, validated on the way out so a hand-edited row cannot break a request. `onChange`
 * hears of every change, so open event streams filter by the new setting.
 */
export { MEMBER_VISIBILITIES, teamSettings, teamSettingsPatch, type TeamSettings, type TeamSettingsPatch } from "@/lib/api/settings";

export type Settings = ReturnType<typeof createSettings>;

export function createSettings(db: Database, options: { onChange?: () => void } = {}) {
  return {
    async get(): Promise<TeamSettings> {
      const rows = await db.select().from(settings);
      const raw = Object.fromEntries(rows.map((row) => [row.key, row.value]));
      const parsed = teamSettings.safeParse(raw);
      // A value that no longer parses falls back to the defaults rather than failing every request.
      return parsed.success ? parsed.data : teamSettings.parse({});
    },

    async update(patch: TeamSettingsPatch): Promise<TeamSettings> {
      const valid = teamSettingsPatch.parse(patch);
      const now = new Date();
      for (const [key, value] of Object.entries(valid)) {
        if (value === undefined) continue;
        await db
          .insert(settings)
          .values({ key, value, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
      }
      options.onChange?.();
      return this.get();
    },

    async remove(key: keyof TeamSettings): Promise<void> {
      await db.delete(settings).where(eq(settings.key, key));
      options.onChange?.();
    },
  };
}
