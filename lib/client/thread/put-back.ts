import type { OutgoingAttachment } from "@/lib/api/messages";
import { COMPOSER_ID } from "@/lib/client/element-ids";
import { useComposerFilesStore } from "@/lib/client/stores/composer-files";
import { useDraftsStore } from "@/lib/client/stores/drafts";
import { chosenFromOutgoing } from "@/lib/client/thread/attachments";

/**
 * Puts words and files that did not go (a failed send taken back, a send undone, a scheduled
 * one taken back to edit) into a thread's reply box, ahead of anything typed since, and focuses
 * the box when it is on screen. Nothing the member wrote is lost either way.
 */
export function putBackInComposer(threadId: string, content: string, attachments: readonly OutgoingAttachment[] = []): void {
  const drafts = useDraftsStore.getState();
  const typed = drafts.drafts[threadId]?.trim() ?? "";
  if (content) drafts.setDraft(threadId, typed ? `${content}\n${typed}` : content);
  if (attachments.length) useComposerFilesStore.getState().add(threadId, chosenFromOutgoing(attachments));
  document.getElementById(COMPOSER_ID)?.focus();
}
