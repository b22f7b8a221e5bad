"use client";

import { useQuery } from "@tanstack/react-query";

import { CommandGroup, CommandItem } from "@/components/ui/command";
import { BookmarkIcon } from "@/components/ui/icons";
import { resolveTemplate } from "@/lib/api/saved-reply-variables";
import type { Thread } from "@/lib/api/threads";
import { useReplyValues } from "@/lib/client/hooks/use-reply-values";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { appendToDraft } from "@/lib/client/saved-replies/composer-insert";
import { useDraftsStore } from "@/lib/client/stores/drafts";

/**
 * The command palette's saved replies for the conversation it acts on: choosing one adds it,
 * filled for this contact, to the conversation's draft (after what is there) and opens the
 * reply box on it. Nothing is sent.
 */
export function SavedReplyCommands({ target, onInserted }: { target: Thread; onInserted: () => void }) {
  const replies = useQuery(inboxQueries.savedReplies());
  const values = useReplyValues(target);
  if (!replies.data?.length) return null;
  return (
    <CommandGroup heading="Saved replies">
      {replies.data.map((reply) => (
        <CommandItem
          key={reply.id}
          value={`saved reply ${reply.name} ${reply.shortcut} ${reply.id}`}
          onSelect={() => {
            const { drafts, setDraft } = useDraftsStore.getState();
            setDraft(target.id, appendToDraft(drafts[target.id] ?? "", resolveTemplate(reply.body, values).text));
            onInserted();
          }}
        >
          <BookmarkIcon />
          <span className="truncate">Insert “{reply.name}”</span>
          <span className="ml-auto shrink-0 font-mono text-xs text-muted-foreground">;{reply.shortcut}</span>
        </CommandItem>
      ))}
    </CommandGroup>
  );
}
