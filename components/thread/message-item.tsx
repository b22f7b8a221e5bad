"use client";

import { replaceEqualDeep } from "@tanstack/react-query";
import { format } from "date-fns";
import { Fragment, memo, useId, useState, type KeyboardEvent, type ReactElement } from "react";

import { PersonAvatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import { BanIcon, LockIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { DeleteScope, Message } from "@/lib/api/messages";
import { fullTime } from "@/lib/client/format";
import { safeHref } from "@/lib/client/thread/message-meta";
import type { ReactionGroup } from "@/lib/client/thread/message-groups";

import { EditHistory } from "./edit-history";
import { actionReason, MessageActions, type MessageChecks } from "./message-actions";
import { MessageAttachments } from "./message-attachments";
import { MessageEditor } from "./message-editor";
import { MessageReactions } from "./message-reactions";

export type MessageItemProps = {
  message: Message;
  /** Who sent it, in words: the person for inbound messages, the team's sender for outbound. */
  sender: string;
  /** The first of a run names its sender (and, inbound, shows the person's picture). */
  showSender: boolean;
  avatarUrl: string | null;
  reactions: readonly ReactionGroup[];
  /** The capability rule's answers for this message now; null while the account is unknown. */
  checks: MessageChecks | null;
  maxLength: number | null;
  editing: boolean;
  /** The one message in the tab order (the history moves between messages with the arrows). */
  tabbable: boolean;
  /** The message a search hit opened the thread at. */
  highlighted?: boolean;
  /** What the placeholder of an unsent message says (lib/client/thread/unsent): who still sees it. */
  unsentText: string;
  now: Date;
  onFocusMessage: (id: string) => void;
  onStartEdit: (id: string) => void;
  onCancelEdit: () => void;
  onSaveEdit: (message: Message, content: string) => void;
  onUnsend: (message: Message, scope: DeleteScope) => void;
  onToggleReaction: (message: Message, emoji: string, mine: boolean) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

/**
 * One message: a bubble on the person's side (left) or the team's (right), its media, its
 * reactions, and a line with the time, the edited mark and the encryption lock. Unsent
 * messages keep their place with a placeholder. Focusable, so its actions are reachable
 * from the keyboard.
 */
export const MessageItem = memo(function MessageItem({
  message,
  sender,
  showSender,
  avatarUrl,
  reactions,
  checks,
  maxLength,
  editing,
  tabbable,
  highlighted = false,
  unsentText,
  now,
  onFocusMessage,
  onStartEdit,
  onCancelEdit,
  onSaveEdit,
  onUnsend,
  onToggleReaction,
  onKeyDown,
}: MessageItemProps) {
  const contentId = useId();
  // The toolbar shows only on hover or focus: it is made then, not for every message of every thread opened.
  const [actionsMade, setActionsMade] = useState(false);
  const outbound = message.direction === "outbound";
  const unsent = message.deletedAt !== null;
  const encrypted = message.platformData.encrypted === true;
  const hasText = !unsent && message.content !== null && message.content !== "";
  const ownEmojis = new Set(reactions.filter((r) => r.mine).map((r) => r.emoji));
  const reasons = checks
    ? {
        react: actionReason(checks.react, "react to"),
        edit: message.content === null ? "This message has no text to edit." : actionReason(checks.edit, "edit"),
        unsend: actionReason(checks.unsend, "unsend"),
      }
    : null;

  return (
    <article
      data-message-id={message.id}
      data-search-hit={highlighted || undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-label={`${sender}, ${fullTime(message.sentAt)}${unsent ? `, ${unsentText}` : ""}${message.editedAt && !unsent ? ", edited" : ""}${highlighted ? ", found by search" : ""}`}
      aria-describedby={hasText ? contentId : undefined}
      // Focus anywhere in the message makes it the history's tab stop.
      onFocus={() => {
        setActionsMade(true);
        onFocusMessage(message.id);
      }}
      onPointerEnter={() => setActionsMade(true)}
      // A message drawn under a still pointer (a sent message replacing its pending copy) gets no
      // pointerenter; the first move over it makes its actions all the same.
      onPointerMove={actionsMade ? undefined : () => setActionsMade(true)}
      onKeyDown={onKeyDown}
      className={cn(
        "group/message relative flex gap-2.5 rounded-lg px-4 outline-none focus-visible:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:ring-inset",
        outbound ? "flex-row-reverse" : "flex-row",
        showSender ? "pt-3" : "pt-0.5",
        "pb-0.5",
        highlighted && "bg-amber-100/70 pb-1.5 ring-2 ring-amber-400/80 ring-inset dark:bg-amber-400/10 dark:ring-amber-300/60",
      )}
    >
      {!outbound ? (
        <div className="w-8 shrink-0 pt-5">{showSender ? <PersonAvatar name={sender} src={avatarUrl} className="size-8" /> : null}</div>
      ) : null}

      <div className={cn("relative flex max-w-[min(70%,36rem)] min-w-0 flex-col gap-1", outbound ? "items-end" : "items-start", editing && "w-full max-w-[36rem]")}>
        {showSender ? (
          <div className={cn("px-1 text-xs font-medium text-muted-foreground", outbound && "text-right")}>{sender}</div>
        ) : null}

        {/* First in the DOM, so Tab from the message reaches its actions before its details. */}
        {actionsMade && reasons && !unsent && !editing ? (
          <MessageActions
            reasons={reasons}
            outbound={outbound}
            ownEmojis={ownEmojis}
            onEdit={() => onStartEdit(message.id)}
            onUnsend={(scope) => {
              onUnsend(message, scope);
              // The actions go with the message's content; focus stays on the message.
              focusMessage(message.id);
            }}
            onToggleReaction={(emoji, mine) => onToggleReaction(message, emoji, mine)}
            className={cn("absolute z-10", showSender ? "top-5" : "top-0", outbound ? "right-full mr-1.5" : "left-full ml-1.5")}
          />
        ) : null}
        {editing && message.content !== null ? (
          <MessageEditor
            initial={message.content}
            maxLength={maxLength}
            reason={checks ? actionReason(checks.edit, "edit") : null}
            onCancel={() => {
              onCancelEdit();
              focusMessage(message.id);
            }}
            onSave={(content) => {
              onSaveEdit(message, content);
              focusMessage(message.id);
            }}
          />
        ) : unsent ? (
          <p className="inline-flex items-center gap-1.5 rounded-2xl border border-dashed px-3.5 py-2 text-sm text-muted-foreground italic">
            <BanIcon className="size-3.5 shrink-0" aria-hidden />
            {unsentText}
          </p>
        ) : hasText ? (
          <p
            id={contentId}
            className={cn(
              "rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap [overflow-wrap:anywhere]",
              outbound ? "rounded-br-md bg-primary text-primary-foreground" : "rounded-bl-md border bg-card text-card-foreground",
            )}
          >
            <LinkedText text={message.content ?? ""} />
          </p>
        ) : null}

        {!unsent && !editing ? (
          <MessageAttachments
            messageId={message.id}
            attachments={message.attachments}
            postShares={message.entities.postShares}
            now={now}
            outbound={outbound}
          />
        ) : null}

        <MessageReactions groups={reactions} reason={reasons ? reasons.react : "Checking what this account can do…"} outbound={outbound} onToggle={(emoji, mine) => onToggleReaction(message, emoji, mine)} />

        <div className={cn("flex items-center gap-1.5 px-1 text-[0.6875rem] text-muted-foreground tabular-nums", outbound && "flex-row-reverse")}>
          <HoverTip made={actionsMade} tip={fullTime(message.sentAt)}>
            <time dateTime={message.sentAt}>{format(new Date(message.sentAt), "HH:mm")}</time>
          </HoverTip>
          {message.editedAt && !unsent ? (
            <>
              <span aria-hidden>·</span>
              <EditHistory messageId={message.id} editedAt={message.editedAt} align={outbound ? "end" : "start"} />
            </>
          ) : null}
          {encrypted ? (
            <HoverTip made={actionsMade} tip="End-to-end encrypted on the platform">
              <span className="inline-flex items-center">
                <LockIcon className="size-3" aria-hidden />
                <span className="sr-only">End-to-end encrypted on the platform</span>
              </span>
            </HoverTip>
          ) : null}
        </div>

      </div>
    </article>
  );
}, sameMessageProps);

/**
 * A detail's tooltip (the full time, the lock's meaning), made with the message's toolbar on its
 * first hover or focus: a tooltip is a dozen components, and a thread opens with dozens of
 * messages nobody points at. Only for details that take no focus: the element is drawn anew
 * when the tooltip is made.
 */
function HoverTip({ made, tip, children }: { made: boolean; tip: string; children: ReactElement }) {
  if (!made) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="bottom">{tip}</TooltipContent>
    </Tooltip>
  );
}

/**
 * The history derives each message's reactions and action checks afresh whenever one of its
 * inputs arrives (the thread, the activity, the team): equal in content, they are new arrays and
 * objects. Compared by content, a message draws again only when what it shows has changed.
 */
function sameMessageProps(before: MessageItemProps, after: MessageItemProps): boolean {
  for (const key of Object.keys(after) as (keyof MessageItemProps)[]) {
    if (Object.is(before[key], after[key])) continue;
    if ((key === "reactions" || key === "checks") && replaceEqualDeep(before[key], after[key]) === before[key]) continue;
    return false;
  }
  return Object.keys(before).length === Object.keys(after).length;
}

/** Message text with its web addresses as links (only http and https; nothing else is trusted). */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return parts.map((part, i) => {
    // split() with a capture group puts the matches at the odd indexes.
    const href = i % 2 === 1 ? safeHref(trimUrl(part).url) : undefined;
    if (!href) return <Fragment key={i}>{part}</Fragment>;
    const { url, rest } = trimUrl(part);
    return (
      <Fragment key={i}>
        <a href={href} target="_blank" rel="noreferrer" className="underline decoration-current/40 underline-offset-2 hover:decoration-current">
          {url}
        </a>
        {rest}
      </Fragment>
    );
  });
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Sentence punctuation after an address belongs to the sentence: "see https://x.com." */
function trimUrl(candidate: string): { url: string; rest: string } {
  const match = /[.,;:!?)\]'"]+$/.exec(candidate);
  if (!match) return { url: candidate, rest: "" };
  return { url: candidate.slice(0, match.index), rest: match[0] };
}

/** After the editor closes, focus goes back to its message (once it is drawn again). */
function focusMessage(id: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)?.focus({ preventScroll: true }));
}
