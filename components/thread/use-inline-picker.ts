"use client";

import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";

/**
 * A list opened by a sign typed in a textarea (`;` for saved replies, `@` for mentions): the
 * text from the sign to the caret is the query; ↑/↓ move, Enter or Tab inserts the item in place
 * of what was typed, Esc closes. The textarea keeps the focus throughout, as a combobox: the
 * list is announced through `aria-activedescendant`. A dismissed list stays shut only while the
 * caret stays in the same trigger.
 */
export type InlineTrigger = { query: string; start: number; end: number };

export function useInlinePicker<Item, Trigger extends InlineTrigger>({
  textarea,
  text,
  setText,
  find,
  match,
  insert,
  keyOf,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  text: string;
  setText: (text: string) => void;
  /** The trigger the caret stands at the end of, or null. */
  find: (text: string, caret: number) => Trigger | null;
  /** The items a trigger offers, best first. */
  match: (trigger: Trigger) => Item[];
  /** The text with the item in place of the trigger, and where the caret goes. */
  insert: (text: string, trigger: Trigger, item: Item) => { text: string; caret: number };
  keyOf: (item: Item) => string;
}) {
  const listboxId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const moveCaretTo = useRef<number | null>(null);

  const found = caret === null ? null : find(text, caret);
  const trigger = found && found.start !== dismissedAt ? found : null;
  const items = trigger ? match(trigger) : [];
  const activeIndex = Math.min(active, Math.max(items.length - 1, 0));
  const open = trigger !== null;

  // The caret after an insertion is set once React has written the new text.
  useLayoutEffect(() => {
    const at = moveCaretTo.current;
    if (at === null || !textarea.current) return;
    moveCaretTo.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(at, at);
    setCaret(at);
  }, [text, textarea]);

  const choose = (item: Item) => {
    if (!trigger) return;
    const inserted = insert(text, trigger, item);
    moveCaretTo.current = inserted.caret;
    setText(inserted.text);
  };

  return {
    open,
    trigger,
    items,
    activeIndex,
    listboxId,
    optionId: (item: Item) => `${listboxId}-${keyOf(item)}`,
    activeId: open && items[activeIndex] ? `${listboxId}-${keyOf(items[activeIndex])}` : undefined,
    choose,
    setActive,
    /** Where the caret is now: on every change, click and key that moves it. */
    track: () => {
      const box = textarea.current;
      if (!box) return;
      const at = box.selectionStart === box.selectionEnd ? box.selectionStart : null;
      setCaret(at);
      setActive(0);
      // An update function: React may run this for the very keydown (Esc) that dismissed it.
      const start = at === null ? undefined : find(box.value, at)?.start;
      setDismissedAt((current) => (start === current ? current : null));
    },
    /** The list's keys, before the box's own (Enter would send); true when the list took it. */
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
      if (!trigger || event.nativeEvent.isComposing) return false;
      if (event.key === "Escape") {
        setDismissedAt(trigger.start);
        event.preventDefault();
        return true;
      }
      if (items.length === 0) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        setActive((activeIndex + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length);
        event.preventDefault();
        return true;
      }
      if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
        choose(items[activeIndex]!);
        event.preventDefault();
        return true;
      }
      return false;
    },
  };
}
