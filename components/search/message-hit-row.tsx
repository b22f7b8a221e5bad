import type { KeyboardEvent } from "react";

import { PersonAvatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import type { MessageHit } from "@/lib/api/search";
import { fullTime, listTime, personName } from "@/lib/client/format";

import { Snippet } from "./snippet";

/**
 * One message a search found: whose conversation it is, who wrote it and when, and the text
 * around the match with the matched words marked. A button: Enter or a click opens it.
 */
export function MessageHitRow({
  hit,
  open,
  tabbable,
  now,
  onOpen,
  onFocus,
  onKeyDown,
}: {
  hit: MessageHit;
  /** The hit whose message the thread pane shows. */
  open: boolean;
  /** The one hit in the tab order (the arrows move between them). */
  tabbable: boolean;
  now: Date;
  onOpen: () => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const name = personName(hit.thread.profile);
  const author = hit.direction === "inbound" ? name : (hit.author ?? "Your team");
  return (
    <button
      type="button"
      data-message-hit={hit.messageId}
      tabIndex={tabbable ? 0 : -1}
      aria-current={open || undefined}
      onClick={onOpen}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      className={cn(
        "flex w-full gap-3 border-b px-3 py-2.5 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:ring-inset",
        open ? "bg-accent" : "hover:bg-muted/60",
      )}
    >
      <PersonAvatar name={name} src={hit.thread.profile?.avatarUrl} className="mt-0.5 size-8" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className="min-w-0 truncate text-sm font-medium">{name}</span>
          <time dateTime={hit.sentAt} title={fullTime(hit.sentAt)} className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums">
            {listTime(hit.sentAt, now)}
          </time>
        </span>
        <span className="mt-0.5 block truncate text-xs text-muted-foreground">{hit.direction === "inbound" ? `${author} wrote` : `${author} replied`}</span>
        <span className="mt-1 line-clamp-2 block text-sm text-foreground/90">
          <Snippet parts={hit.snippet} />
        </span>
      </span>
    </button>
  );
}
