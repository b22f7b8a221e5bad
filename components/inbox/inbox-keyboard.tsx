"use client";

import { useEarlyInput } from "@/lib/client/hooks/use-early-input";
import { useInboxHotkeys } from "@/lib/client/hooks/use-inbox-hotkeys";

export type InboxKeyboardProps = Parameters<typeof useInboxHotkeys>[0];

/**
 * The inbox's shortcuts, with what was pressed before they ran: a chunk of its own, fetched at
 * the first sign of a person at work (components/inbox/lazy-panes), so the page's first load
 * carries none of it. Keys pressed until it runs are queued (lib/client/early-input) and
 * replayed here in order, with the rows clicked before the page was hydrated.
 */
export function InboxKeyboard(props: InboxKeyboardProps) {
  useInboxHotkeys(props);
  useEarlyInput({ rows: props.rows, open: props.open });
  return null;
}
