"use client";

import type { KeyboardEvent } from "react";

import { CommentBox } from "@/components/comments/comment-box";
import { cn } from "@/components/ui/cn";
import { LockIcon, MessageSquareTextIcon, ReplyIcon } from "@/components/ui/icons";
import { Kbd } from "@/components/ui/kbd";
import { returnFocusToThread } from "@/lib/client/focus";
import { COMPOSER_ID } from "@/lib/client/element-ids";
import { useCreateComment } from "@/lib/client/mutations/comments";
import { COMMENT_BOX_ID, openComposer, useComposerModeStore, type ComposerMode } from "@/lib/client/stores/composer-mode";
import { shortcut } from "@/lib/client/shortcuts";

const MODES: { mode: ComposerMode; label: string; Icon: typeof ReplyIcon; boxId: string }[] = [
  { mode: "reply", label: "Reply", Icon: ReplyIcon, boxId: COMPOSER_ID },
  { mode: "comment", label: "Comment", Icon: MessageSquareTextIcon, boxId: COMMENT_BOX_ID },
];

/**
 * Reply or Comment: which box the conversation's bottom shows. A pair of tabs, reached with Tab
 * and moved with ←/→, with the inbox's `r` and `c` shortcuts beside them.
 */
export function ComposerTabs({ recipientName }: { recipientName: string }) {
  const mode = useComposerModeStore((s) => s.mode);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = MODES.find((m) => m.mode !== mode)!;
    openComposer(next.mode, `tab-${next.mode}`);
  };
  return (
    <div role="tablist" aria-label="Write" className="mb-2 flex items-center gap-1 text-xs">
      {MODES.map(({ mode: value, label, Icon }) => (
        <button
          key={value}
          id={`tab-${value}`}
          type="button"
          role="tab"
          aria-selected={mode === value}
          tabIndex={mode === value ? 0 : -1}
          onClick={() => openComposer(value, MODES.find((m) => m.mode === value)!.boxId)}
          onKeyDown={onKeyDown}
          className={cn(
            "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 font-medium text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring/50",
            mode === value && value === "reply" && "bg-accent text-accent-foreground",
            mode === value && value === "comment" && "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          {label}
          <Kbd hint className="ml-0.5">{shortcut(value === "reply" ? "reply" : "comment").display.join(" ")}</Kbd>
        </button>
      ))}
      {mode === "comment" ? (
        <span className="ml-auto flex min-w-0 items-center gap-1 text-amber-800 dark:text-amber-200" title={`Only your team sees comments. ${recipientName} never does.`}>
          <LockIcon className="size-3 shrink-0" aria-hidden />
          <span className="truncate">Only your team sees comments. {recipientName} never does.</span>
        </span>
      ) : null}
    </div>
  );
}

/** The composer in Comment mode: an internal note on the conversation, never sent to the contact. */
export function CommentComposer({ threadId, recipientName, header }: { threadId: string; recipientName: string; header: React.ReactNode }) {
  const create = useCreateComment(threadId);
  return (
    <div className="@container shrink-0 border-t bg-background px-3 pt-2 pb-3 @lg:px-4">
      {header}
      <CommentBox
        id={COMMENT_BOX_ID}
        label={`Internal comment on the conversation with ${recipientName}`}
        submitLabel="Comment"
        pending={create.isPending}
        placeholder="Write an internal comment. Type @ to mention a teammate"
        onEscape={returnFocusToThread}
        // A refusal is said in a toast (a mention of someone who can't see it, say); the text stays to fix.
        onSubmit={(body, mentions) => create.mutateAsync({ body, mentions }).then(
          () => true,
          () => false,
        )}
      >
        <span className="hidden @md:inline">
          <kbd className="font-sans font-medium">Enter</kbd> to comment, <kbd className="font-sans font-medium">@</kbd> to mention
        </span>
      </CommentBox>
    </div>
  );
}
