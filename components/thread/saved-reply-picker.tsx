"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { RefObject } from "react";

import { useInlinePicker } from "@/components/thread/use-inline-picker";
import { cn } from "@/components/ui/cn";
import { BookmarkIcon, CircleAlertIcon, UserIcon, UsersIcon } from "@/components/ui/icons";
import type { SavedReply } from "@/lib/api/saved-replies";
import { resolveTemplate, VARIABLE_LABELS, type Resolved, type VariableValues } from "@/lib/api/saved-reply-variables";
import { errorMessage } from "@/lib/client/errors";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { matchingReplies, replaceTrigger, replyTrigger, type ReplyTrigger } from "@/lib/client/saved-replies/composer-insert";
import { characterCount, limitState } from "@/lib/client/thread/message-length";

/** How many replies the list shows at once (all of them fit its height); typing narrows it. */
const SHOWN = 8;

export type ReplyLimit = { maxLength: number | null; platformName: string | null };

/**
 * Saved replies in the composer: typing `;` or `/` at the start of a word opens a list of the
 * team's and the member's replies, filtered by what follows; ↑/↓ move, Enter or Tab inserts the
 * reply filled for this conversation in place of what was typed, Esc closes. The `;` shortcut
 * (lib/client/shortcuts) types the sign for the member (lib/client/saved-replies/type-trigger-sign). The textarea keeps the focus
 * throughout, as a combobox: the list is announced through `aria-activedescendant`.
 */
export function useSavedReplyPicker({
  textarea,
  draft,
  setDraft,
  values,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  draft: string;
  setDraft: (text: string) => void;
  values: VariableValues;
}) {
  const replies = useQuery(inboxQueries.savedReplies());
  const picker = useInlinePicker({
    textarea,
    text: draft,
    setText: setDraft,
    find: replyTrigger,
    match: (trigger: ReplyTrigger) => matchingReplies(replies.data ?? [], trigger.query).slice(0, SHOWN),
    insert: (text, trigger, reply: SavedReply) => replaceTrigger(text, trigger, resolveTemplate(reply.body, values).text),
    keyOf: (reply) => reply.id,
  });
  return { ...picker, replies };
}

export type SavedReplyPicker = ReturnType<typeof useSavedReplyPicker>;

/** The list over the composer, with a preview of the highlighted reply as it will be inserted. */
export function SavedReplyList({ picker, values, limit }: { picker: SavedReplyPicker; values: VariableValues; limit: ReplyLimit }) {
  if (!picker.open) return null;
  const { items, activeIndex, replies, trigger } = picker;
  const highlighted = items[activeIndex];
  return (
    <div className="absolute right-0 bottom-full left-0 z-20 mb-2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg">
      <p className="flex items-center gap-1.5 border-b px-3 py-1.5 text-xs text-muted-foreground">
        <BookmarkIcon className="size-3.5" aria-hidden />
        Saved replies{trigger?.query ? <> matching “{trigger.query}”</> : null}
        <span className="ml-auto hidden @md:inline">↑↓ to choose, Enter to insert, Esc to close</span>
      </p>
      {replies.isPending ? (
        <p role="status" className="px-3 py-3 text-sm text-muted-foreground">
          Loading saved replies…
        </p>
      ) : replies.isError ? (
        <p role="alert" className="px-3 py-3 text-sm">
          We couldn&apos;t load the saved replies. {errorMessage(replies.error)}
        </p>
      ) : items.length === 0 ? (
        <div role="status" className="px-3 py-3 text-sm text-muted-foreground">
          {replies.data.length === 0 ? "No saved replies yet. " : "No saved reply matches. "}
          <Link href="/settings/saved-replies" className="font-medium text-foreground underline underline-offset-2">
            Manage saved replies
          </Link>
        </div>
      ) : (
        <div className="grid grid-cols-1 @xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul id={picker.listboxId} role="listbox" aria-label="Saved replies" className="max-h-72 overflow-y-auto p-1 @xl:border-r">
            {items.map((reply, index) => (
              <li
                key={reply.id}
                id={picker.optionId(reply)}
                role="option"
                aria-selected={index === activeIndex}
                // Keeps the focus in the textarea: the click inserts, the caret stays.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => picker.setActive(index)}
                onClick={() => picker.choose(reply)}
                className={cn("flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm", index === activeIndex && "bg-accent text-accent-foreground")}
              >
                {reply.scope === "team" ? <UsersIcon className="size-3.5 shrink-0 text-muted-foreground" aria-label="Team" /> : <UserIcon className="size-3.5 shrink-0 text-muted-foreground" aria-label="Yours" />}
                <span className="min-w-0 flex-1 truncate">{reply.name}</span>
                <span className="shrink-0 font-mono text-xs text-muted-foreground">;{reply.shortcut}</span>
              </li>
            ))}
          </ul>
          {highlighted ? <ReplyPreview resolved={resolveTemplate(highlighted.body, values)} limit={limit} className="border-t @xl:border-t-0" /> : null}
        </div>
      )}
    </div>
  );
}

/** A reply filled for this conversation: what is missing, and whether it fits the platform. */
export function ReplyPreview({ resolved, limit, heading = "Preview for this conversation", className }: { resolved: Resolved; limit: ReplyLimit; heading?: string; className?: string }) {
  const length = characterCount(resolved.text);
  const over = limitState(length, limit.maxLength) === "over";
  return (
    <div aria-live="polite" className={cn("flex min-h-0 flex-col gap-2 p-3 text-sm", className)}>
      <p className="text-xs font-medium text-muted-foreground">{heading}</p>
      {/* Clamped, not scrolled: the list keeps the keyboard, so nothing in it may need scrolling. */}
      <p className="line-clamp-6 break-words whitespace-pre-wrap">{resolved.text}</p>
      {resolved.missing.length > 0 ? (
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <CircleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
          No value here for {resolved.missing.map((name) => VARIABLE_LABELS[name].toLowerCase()).join(", ")}: it is left out.
        </p>
      ) : null}
      {over ? (
        <p className="flex items-start gap-1.5 text-xs font-medium text-destructive">
          <CircleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
          {length.toLocaleString()} characters: longer than {limit.platformName ?? "the platform"}&apos;s limit of {limit.maxLength!.toLocaleString()}. Shorten it before sending.
        </p>
      ) : null}
    </div>
  );
}
