import { and, eq } from "drizzle-orm";
import { checkCapability } from "@/lib/api/capabilities";
import type { ThreadDeleteResult, ThreadPatch } from "@/lib/api/threads";
import type { SandboxContext } from "../context";
import { fail } from "../http";
import { requirePlatforms } from "../resources/platform-access";
import { members, messages, threads, type teams } from "../schema";
import {
  capabilityContext,
  requireAccountLink,
  requirePlatformRow,
  requireThread,
  type LoadedThread,
  type ThreadRow,
} from "./conversations";

type Team = typeof teams.$inferSelect;

/**
 * A thread's own state as both API versions change it (v1's `done` is `archived`, its
 * `typingIndicatorsEnabled` a `typingIndicators` setting): only real changes are written,
 * each with its event.
 */
export async function updateThread(ctx: SandboxContext, team: Team, id: string, body: ThreadPatch): Promise<LoadedThread> {
  return ctx.store.write(team.id, async (tx, record): Promise<LoadedThread> => {
    const { row, contactAssigneeId } = await requireThread(tx, team.id, id);
    requirePlatforms(team, [row.platform]);
    if (body.assigneeId) {
      const [member] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.teamId, team.id), eq(members.id, body.assigneeId)));
      if (!member) fail("memberNotFound", `No member ${body.assigneeId}`);
    }

    const changes: Partial<ThreadRow> = {};
    if (body.archived !== undefined && body.archived !== row.archived) changes.archived = body.archived;
    if (body.unread !== undefined && body.unread !== row.unread) changes.unread = body.unread;
    if (body.typingIndicators !== undefined && body.typingIndicators !== row.typingIndicators) {
      changes.typingIndicators = body.typingIndicators;
    }
    if (body.assigneeId !== undefined && body.assigneeId !== row.ownAssigneeId) changes.ownAssigneeId = body.assigneeId;
    if (Object.keys(changes).length === 0) return { row, contactAssigneeId };

    const [next] = await tx
      .update(threads)
      .set(changes)
      .where(and(eq(threads.teamId, team.id), eq(threads.id, id)))
      .returning();
    const event = { objectType: "thread", objectId: id } as const;
    if (changes.archived !== undefined) record({ ...event, type: changes.archived ? "thread.archived" : "thread.unarchived", data: {} });
    if (changes.unread !== undefined) record({ ...event, type: "thread.unreadChanged", data: { unread: changes.unread } });
    if (changes.typingIndicators !== undefined) {
      record({ ...event, type: "thread.typingIndicatorsChanged", data: { typingIndicators: changes.typingIndicators } });
    }
    if (changes.ownAssigneeId !== undefined) {
      record(
        changes.ownAssigneeId
          ? { ...event, type: "thread.assigned", data: { assigneeId: changes.ownAssigneeId } }
          : { ...event, type: "thread.unassigned", data: { assigneeId: null } },
      );
    }
    return { row: next!, contactAssigneeId };
  });
}

/** Deletes a thread and its messages; `remoteAndLocal` when the platform deleted it too. */
export async function deleteThread(ctx: SandboxContext, team: Team, id: string): Promise<ThreadDeleteResult> {
  return ctx.store.write(team.id, async (tx, record): Promise<ThreadDeleteResult> => {
    const { row } = await requireThread(tx, team.id, id);
    requirePlatforms(team, [row.platform]);
    const link = await requireAccountLink(tx, team.id, row.accountLinkId);
    const platform = await requirePlatformRow(tx, row.platform);
    // The platform deletes it too only when the account can, in this thread, right now.
    const remote = checkCapability("thread:delete", capabilityContext(link, platform, row)).allowed;
    const scope = remote ? "remoteAndLocal" : "local";
    await tx.delete(messages).where(and(eq(messages.teamId, team.id), eq(messages.threadId, id)));
    await tx.delete(threads).where(and(eq(threads.teamId, team.id), eq(threads.id, id)));
    record({ type: "thread.deleted", objectType: "thread", objectId: id, data: { scope } });
    return { scope };
  });
}
