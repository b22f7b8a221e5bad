import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, or, type SQL } from "drizzle-orm";
import { canEditSavedReply, TEAM_LIBRARY_REFUSAL, type NewSavedReply, type SavedReply, type SavedReplyPatch } from "@/lib/api/saved-replies";
import type { Role } from "@/lib/api/roles";
import type { Database } from "@/lib/db/connection";
import { apiError } from "../http/route";
import { savedReplies } from "../store/schema";

/**
 * Saved replies (lib/api/saved-replies) in the inbox's database. Every call is made as a
 * viewer: the team's library and the viewer's own personal replies are all they see, and
 * another member's personal reply answers as a missing one (404), never as forbidden. Who may
 * change what is `canEditSavedReply`, the same rule the settings page shows.
 */
export type SavedReplies = ReturnType<typeof createSavedReplies>;
export type SavedReplyViewer = { userId: string; name: string; role: Role };

type Row = typeof savedReplies.$inferSelect;

export function createSavedReplies(db: Database) {
  const visibleTo = (viewer: SavedReplyViewer): SQL => or(isNull(savedReplies.ownerId), eq(savedReplies.ownerId, viewer.userId))!;

  async function find(viewer: SavedReplyViewer, id: string): Promise<Row> {
    const [row] = await db.select().from(savedReplies).where(and(eq(savedReplies.id, id), visibleTo(viewer)));
    if (!row) throw apiError("savedReplyNotFound", `No saved reply ${id}.`);
    return row;
  }

  function mayChange(viewer: SavedReplyViewer, row: Row): void {
    if (!canEditSavedReply(viewer, { scope: scopeOf(row) })) throw apiError("forbidden", TEAM_LIBRARY_REFUSAL);
  }

  return {
    /** The team's replies and the viewer's own, by name. */
    async list(viewer: SavedReplyViewer): Promise<SavedReply[]> {
      const rows = await db.select().from(savedReplies).where(visibleTo(viewer)).orderBy(asc(savedReplies.name), asc(savedReplies.id));
      return rows.map(toSavedReply);
    },

    async create(viewer: SavedReplyViewer, input: NewSavedReply): Promise<SavedReply> {
      if (!canEditSavedReply(viewer, { scope: input.scope })) throw apiError("forbidden", TEAM_LIBRARY_REFUSAL);
      const now = new Date();
      const [row] = await db
        .insert(savedReplies)
        .values({
          id: `sr_${randomUUID().replaceAll("-", "")}`,
          ownerId: input.scope === "personal" ? viewer.userId : null,
          name: input.name,
          shortcut: input.shortcut,
          body: input.body,
          updatedBy: viewer.name,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw duplicate(input.shortcut);
      return toSavedReply(row);
    },

    async update(viewer: SavedReplyViewer, id: string, patch: SavedReplyPatch): Promise<SavedReply> {
      mayChange(viewer, await find(viewer, id));
      try {
        const [row] = await db
          .update(savedReplies)
          .set({ ...patch, updatedBy: viewer.name, updatedAt: new Date() })
          .where(and(eq(savedReplies.id, id), visibleTo(viewer)))
          .returning();
        if (!row) throw apiError("savedReplyNotFound", `No saved reply ${id}.`);
        return toSavedReply(row);
      } catch (error) {
        if (patch.shortcut && isUniqueViolation(error)) throw duplicate(patch.shortcut);
        throw error;
      }
    },

    async remove(viewer: SavedReplyViewer, id: string): Promise<void> {
      mayChange(viewer, await find(viewer, id));
      await db.delete(savedReplies).where(and(eq(savedReplies.id, id), visibleTo(viewer)));
    },
  };
}

function scopeOf(row: Row): SavedReply["scope"] {
  return row.ownerId === null ? "team" : "personal";
}

function toSavedReply(row: Row): SavedReply {
  return { id: row.id, scope: scopeOf(row), name: row.name, shortcut: row.shortcut, body: row.body, updatedBy: row.updatedBy, updatedAt: row.updatedAt.toISOString() };
}

function duplicate(shortcut: string) {
  return apiError("duplicateShortcut", `Another saved reply in the same library already has the shortcut “${shortcut}”.`, { shortcut });
}

/** Postgres' unique_violation, wherever the driver or drizzle put it in the cause chain. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
