import { useQuery } from "@tanstack/react-query";
import { DEFAULT_UNDO_SEND_SECONDS } from "@/lib/api/preferences";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { dismissToast, toast } from "@/lib/client/stores/toasts";
import { putBackInComposer } from "@/lib/client/thread/put-back";
import type { SendPipeline } from "@/lib/client/thread/send";

/**
 * Undo send: a reply waits out the member's undo window (lib/api/preferences `undoSendSeconds`)
 * in the browser, with an Undo in its toast and on the message itself; undone, its words and
 * files go back into the thread's composer, ahead of anything typed since, and nothing has
 * reached the API.
 */

/** The member's undo window in milliseconds; the default until their preferences are read. */
export function useUndoWindowMs(): number {
  const preferences = useQuery(inboxQueries.preferences());
  return (preferences.data?.undoSendSeconds ?? DEFAULT_UNDO_SEND_SECONDS) * 1000;
}

/** Takes a held message back into its thread's composer; false when it had already gone. */
export function undoSend(pipeline: SendPipeline, localId: string, threadId: string): boolean {
  const back = pipeline.undo(localId);
  if (!back) return false;
  putBackInComposer(threadId, back.content, back.attachments);
  return true;
}

/** The toast of a held send, open for its window, whose Undo takes it back. */
export function offerUndo(pipeline: SendPipeline, send: { localId: string; done: Promise<void> }, threadId: string, recipientName: string, windowMs: number): void {
  const id = toast({
    title: `Sending to ${recipientName}…`,
    duration: windowMs,
    action: {
      label: "Undo",
      onAction: () => {
        if (!undoSend(pipeline, send.localId, threadId)) toast({ title: "Too late to undo: it was sent." });
      },
    },
  });
  // Gone (or undone from the message itself): the toast has nothing more to offer.
  void send.done.finally(() => dismissToast(id));
}
