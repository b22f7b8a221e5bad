import "server-only";
import type { Gateway } from "../gateway/gateway";
import { log } from "../runtime/log";

/**
 * A snoozed or reminded conversation that was archived meanwhile comes back to the inbox: the
 * one upstream write a return costs, made like a member's (its answer updates the index).
 */
export async function returnToInbox(gateway: Gateway, threadId: string): Promise<void> {
  if (!gateway.index.get(threadId)?.archived) return;
  const answer = await gateway.write("threads.update", `/threads/${threadId}`, { threadId }, {
    method: "PATCH",
    headers: new Headers({ "content-type": "application/json" }),
    body: JSON.stringify({ archived: false }),
  });
  if (!answer.ok) log.warn({ threadId, status: answer.status }, "bringing a returned conversation back to the inbox failed");
}
