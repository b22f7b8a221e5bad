"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** Older messages load while this many pixels of history are still above the view. */
const LOAD_AHEAD_PX = 600;
/** Within this distance of the bottom, the view follows new messages. */
const PINNED_PX = 48;

/**
 * Scrolling a chat history: start at the bottom; while at the bottom, follow what arrives
 * (new messages, media finishing loading, one's own send); when older messages are put
 * above, keep the same messages in view; load older ones as the top nears.
 */
export function useHistoryScroll({
  ready,
  oldestId,
  newestId,
  pendingCount,
  canLoadOlder,
  loadOlder,
}: {
  /** Whether the history is drawn (not the skeleton or the error): the elements exist. */
  ready: boolean;
  oldestId: string | null;
  newestId: string | null;
  pendingCount: number;
  canLoadOlder: boolean;
  loadOlder: () => unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  // Whether the view is at the bottom, and how far its top is from the end of the content:
  // what the view held before the last change, to hold it after.
  const pinned = useRef(true);
  const fromEnd = useRef(0);
  const sentCount = useRef(pendingCount);
  const [showJump, setShowJump] = useState(false);

  const remember = useCallback(() => {
    const el = ref.current;
    if (el) fromEnd.current = el.scrollHeight - el.scrollTop;
  }, []);

  const toBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // Older messages arrived above (or the first page arrived): hold the view, or the bottom.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (pinned.current) toBottom();
    else el.scrollTop = el.scrollHeight - fromEnd.current;
    remember();
  }, [ready, oldestId, toBottom, remember]);

  // A new message, or one's own send: follow it if at the bottom; one's own send always.
  useLayoutEffect(() => {
    const sent = pendingCount > sentCount.current;
    sentCount.current = pendingCount;
    if (sent) pinned.current = true;
    if (pinned.current) toBottom();
    remember();
  }, [newestId, pendingCount, toBottom, remember]);

  // Content that grows by itself (media loading, a reaction, an edit), and a view that shrinks
  // (the reply box coming in under it, or growing with the draft), keep the bottom in view.
  useEffect(() => {
    const content = contentRef.current;
    const view = ref.current;
    if (!content || !view) return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) toBottom();
      remember();
    });
    observer.observe(content);
    observer.observe(view);
    return () => observer.disconnect();
  }, [ready, toBottom, remember]);

  // A short history, or a load that was interrupted while at the top: keep filling upwards.
  useEffect(() => {
    const el = ref.current;
    if (el && canLoadOlder && el.scrollTop < LOAD_AHEAD_PX) void loadOlder();
  }, [ready, canLoadOlder, loadOlder, oldestId]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    pinned.current = distance < PINNED_PX;
    remember();
    setShowJump(distance > el.clientHeight);
    if (canLoadOlder && el.scrollTop < LOAD_AHEAD_PX) void loadOlder();
  }, [canLoadOlder, loadOlder, remember]);

  /** Brings a message or a comment into the middle of the view (a search hit, a mention), and stops following the bottom. */
  const reveal = useCallback(
    (messageId: string): boolean => {
      const id = CSS.escape(messageId);
      const item = ref.current?.querySelector<HTMLElement>(`[data-message-id="${id}"], [data-comment-id="${id}"]`);
      const el = ref.current;
      if (!item || !el) return false;
      pinned.current = false;
      // Within the history only: scrollIntoView would also move the page around it.
      const [box, view] = [item.getBoundingClientRect(), el.getBoundingClientRect()];
      el.scrollTop += box.top - view.top - (el.clientHeight - box.height) / 2;
      remember();
      return true;
    },
    [remember],
  );

  const jumpToLatest = useCallback(() => {
    pinned.current = true;
    ref.current?.scrollTo({ top: ref.current.scrollHeight, behavior: "smooth" });
  }, []);

  return { scrollRef: ref, contentRef, onScroll, showJump, jumpToLatest, reveal };
}
