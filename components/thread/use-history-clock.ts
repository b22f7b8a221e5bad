"use client";

import { useEffect, useState } from "react";

import type { Message } from "@/lib/api/messages";
import { nextMidnight, nextWindowClose } from "@/lib/client/thread/message-meta";

/** setTimeout's ceiling is ~24.8 days; the clock is re-read at least this often anyway. */
const MAX_TICK_MS = 6 * 60 * 60_000;

/**
 * The list's clock. It moves when something on screen changes with time — an edit or unsend
 * window closing (so the action disables itself on time) or midnight (so "Today" becomes
 * "Yesterday") — instead of re-rendering every second.
 */
export function useHistoryClock(messages: readonly Message[], platform: Parameters<typeof nextWindowClose>[1]): Date {
  const [now, setNow] = useState(() => new Date());
  const windowClose = nextWindowClose(messages, platform, now)?.getTime() ?? Infinity;
  const nextAt = Math.min(windowClose, nextMidnight(now).getTime());
  useEffect(() => {
    const delay = Math.min(MAX_TICK_MS, Math.max(0, nextAt - Date.now()) + 250);
    const timer = setTimeout(() => setNow(new Date()), delay);
    return () => clearTimeout(timer);
  }, [nextAt]);
  return now;
}
