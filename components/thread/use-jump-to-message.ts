"use client";

import { useEffect, useRef } from "react";

import { useMessageSearchStore, type JumpTarget } from "@/lib/client/stores/message-search";

/** Older pages loaded at most to reach a hit: 25 pages of 40 messages. */
const MAX_PAGES = 25;

/**
 * A search hit's message in the open thread: older pages load until the history holds it,
 * then it is scrolled into the middle of the view. Returns the ID to highlight, and whether
 * the message could not be reached (deleted since, or beyond what is loaded on purpose).
 */
export function useJumpToMessage({
  threadId,
  known,
  pageCount,
  hasOlder,
  loadingOlder,
  loadOlder,
  reveal,
}: {
  threadId: string;
  known: ReadonlySet<string>;
  pageCount: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => unknown;
  reveal: (messageId: string) => boolean;
}): { highlightId: string | null; missing: boolean } {
  const jump = useMessageSearchStore((s) => s.jump);
  const target = jump?.threadId === threadId ? jump : null;
  const revealed = useRef<JumpTarget | null>(null);
  const present = target !== null && known.has(target.messageId);
  const canLoad = target !== null && !present && hasOlder && pageCount < MAX_PAGES;

  useEffect(() => {
    if (canLoad && !loadingOlder) void loadOlder();
  }, [canLoad, loadingOlder, loadOlder, pageCount]);

  useEffect(() => {
    // Each choice once (a new choice is a new object): later scrolling is the person's.
    if (target && present && revealed.current !== target && reveal(target.messageId)) revealed.current = target;
  }, [target, present, reveal, known]);

  return { highlightId: present ? target.messageId : null, missing: target !== null && !present && !canLoad && pageCount > 0 && !loadingOlder };
}
