"use client";

import type { Thread } from "@/lib/api/threads";
import { useLastMessageUnsentScope } from "@/lib/client/hooks/use-unsent-scope";
import { previewLine } from "@/lib/client/thread/unsent";

/**
 * A conversation's last line, as a row and a pipeline card show it: the last message's words
 * ("You: " when the team sent it), or what became of it. A message hidden only for the team is
 * still the last the contact sees, so the line stays on it.
 */
export function LastMessagePreview({ thread }: { thread: Pick<Thread, "id" | "lastMessage" | "activity"> }) {
  const line = previewLine(thread, useLastMessageUnsentScope(thread));
  return (
    <>
      {line.you ? <span className="text-muted-foreground">You: </span> : null}
      {line.note ? <span className="italic">{line.text}</span> : line.text}
    </>
  );
}
