import "server-only";
import { eq } from "drizzle-orm";
import { memberPreferences, preferencesPatch, type MemberPreferences, type PreferencesPatch } from "@/lib/api/preferences";
import type { Database } from "@/lib/db/connection";
import { preferences } from "../store/schema";

/**
 * Each user's preferences (lib/api/preferences), a row per key with a JSON value, read back
 * through the contract's schema so a row written by an older version falls back to defaults.
 */
export type Preferences = ReturnType<typeof createPreferences>;

export function createPreferences(db: Database) {
  return {
    async get(userId: string): Promise<MemberPreferences> {
      const rows = await db.select().from(preferences).where(eq(preferences.userId, userId));
      const raw = Object.fromEntries(rows.map((row) => [row.key, row.value]));
      const parsed = memberPreferences.safeParse(raw);
      return parsed.success ? parsed.data : memberPreferences.parse({});
    },

    /** Merges a patch key by key (a partial `notifications` keeps the scopes it does not name). */
    async update(userId: string, patch: PreferencesPatch): Promise<MemberPreferences> {
      const valid = preferencesPatch.parse(patch);
      const current = await this.get(userId);
      const now = new Date();
      const put = (key: keyof MemberPreferences, value: unknown) =>
        db
          .insert(preferences)
          .values({ userId, key, value, updatedAt: now })
          .onConflictDoUpdate({ target: [preferences.userId, preferences.key], set: { value, updatedAt: now } });
      if (valid.notifications) await put("notifications", { ...current.notifications, ...valid.notifications });
      if (valid.mentions !== undefined) await put("mentions", valid.mentions);
      if (valid.undoSendSeconds !== undefined) await put("undoSendSeconds", valid.undoSendSeconds);
      return this.get(userId);
    },
  };
}
