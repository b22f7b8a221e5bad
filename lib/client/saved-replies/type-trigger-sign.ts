import { whenShown } from "@/lib/client/focus";
import { useDraftsStore } from "@/lib/client/stores/drafts";
import { withTriggerSign } from "./composer-insert";

/** The `;` shortcut from outside the box: types `;` at the end of the thread's draft and puts the caret after it, which opens the list. */
export function typeTriggerSign(threadId: string, textareaId: string): void {
  const { drafts, setDraft } = useDraftsStore.getState();
  const text = withTriggerSign(drafts[threadId] ?? "");
  setDraft(threadId, text);
  // Once React has written the text into the box (and drawn the box, for a thread just opened).
  whenShown(textareaId, (box) => {
    if (!(box instanceof HTMLTextAreaElement) || box.disabled) return;
    // The caret first: the box reads it when it gets the focus.
    box.setSelectionRange(text.length, text.length);
    box.focus();
  });
}
