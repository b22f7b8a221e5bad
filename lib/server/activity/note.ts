import "server-only";
import type { SessionViewer } from "../http/session";
import { errorField, log } from "../runtime/log";
import type { Runtime } from "../runtime/runtime";

/**
 * Something done through the inbox's own endpoints (a snooze, a comment) in the activity log
 * beside the API writes, under the thread and its contact (the contact panel's activity is the
 * contact's); its failure never fails the change.
 */
export async function noteActivity(runtime: Runtime, viewer: SessionViewer, action: string, threadId: string, after: Record<string, unknown>): Promise<void> {
  const who = { userId: viewer.userId, name: viewer.name, memberId: viewer.memberLinked ? viewer.memberId : null };
  const contactId = runtime.gateway.index.get(threadId)?.contactId ?? null;
  await runtime.activity.note(who, { action, threadId, contactId, after }).catch((error: unknown) => log.error({ action, error: errorField(error) }, "recording activity failed"));
}
