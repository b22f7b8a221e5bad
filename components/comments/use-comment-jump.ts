"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

import { inboxApi } from "@/lib/client/inbox-api";
import { useInboxParams } from "@/lib/client/list/inbox-url";
import { commentQueries } from "@/lib/client/queries/comments";
import { useUiStore } from "@/lib/client/stores/ui";

/**
 * The comment a mention opened (`comment` in the URL): scrolled into the middle of the history
 * once it is drawn (`reveal`), and again each time its mention is opened (the URL may name it
 * already), marked while it stays the URL's, and the viewer's mention of it read, however the
 * link was followed (the Mentions view, a notification, a shared URL).
 */
export function useCommentJump({ shownIds, reveal }: { shownIds: ReadonlySet<string>; reveal: (id: string) => boolean }): string | null {
  const [{ comment }] = useInboxParams();
  const target = comment && shownIds.has(comment) ? comment : null;
  // Asks for the comment the URL names count; one for another comment waits for the URL to follow.
  const jumps = useUiStore((s) => (s.commentJump.commentId === target ? s.commentJump.n : 0));
  const revealed = useRef<{ id: string; jumps: number } | null>(null);
  const markRead = useMarkMentionRead();

  useEffect(() => {
    // Once per comment and per opening of its mention: later scrolling is the person's.
    if (target && (revealed.current?.id !== target || revealed.current.jumps !== jumps) && reveal(target)) {
      revealed.current = { id: target, jumps };
      markRead(target);
    }
  }, [target, jumps, reveal, markRead]);

  return target;
}

/** Marks the viewer's mention in a comment read, unless the Mentions list (once loaded) holds it read or not at all. */
export function useMarkMentionRead(): (commentId: string) => void {
  const queryClient = useQueryClient();
  const mentions = useQuery(commentQueries.mentions());
  const { mutate } = useMutation({
    mutationFn: (commentId: string) => inboxApi("mentions.read", { body: { commentIds: [commentId] } }),
    onMutate: (commentId) => {
      const key = commentQueries.mentions().queryKey;
      const readAt = new Date().toISOString();
      queryClient.setQueryData(key, (list) =>
        list ? { data: list.data.map((m) => (m.commentId === commentId && !m.readAt ? { ...m, readAt } : m)), unread: list.data.filter((m) => m.commentId !== commentId && !m.readAt).length } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentQueries.mentions().queryKey }),
  });
  const unread = mentions.data?.data.filter((m) => !m.readAt).map((m) => m.commentId);
  return (commentId: string) => {
    if (!unread || unread.includes(commentId)) mutate(commentId);
  };
}
