"use client";

import { EmojiPicker, type EmojiPickerListCategoryHeaderProps, type EmojiPickerListEmojiProps, type EmojiPickerListRowProps } from "frimousse";
import { createContext, use, useEffect, useRef } from "react";

import { cn } from "@/components/ui/cn";
import { LoaderIcon, SearchIcon } from "@/components/ui/icons";
import type { QuickReaction } from "@/lib/client/thread/recent-reactions";

/**
 * Where the picker loads its emoji data from: the inbox serves it itself
 * (app/emojibase/en/[file]/route.ts) instead of frimousse's default public CDN.
 */
const EMOJIBASE_URL = "/emojibase";

/** The team's own reactions, for the list's emoji buttons (frimousse renders them itself). */
const OwnEmojis = createContext<ReadonlySet<string>>(new Set());

export function FullPicker({ ownEmojis, onPick }: { ownEmojis: ReadonlySet<string>; onPick: (reaction: QuickReaction) => void }) {
  const search = useRef<HTMLInputElement>(null);
  // The search replaces the button that opened it: focus goes there, not back to the page.
  useEffect(() => search.current?.focus(), []);
  return (
    <OwnEmojis value={ownEmojis}>
      <EmojiPicker.Root
        emojibaseUrl={EMOJIBASE_URL}
        // frimousse takes an emoji a font draws as nothing for one it supports, so the newest
        // (Emoji 16) would show as blank cells wherever the font predates them; the platforms'
        // own apps lag behind too.
        emojiVersion={15.1}
        columns={9}
        onEmojiSelect={({ emoji, label }) => onPick({ emoji, name: label })}
        className="isolate flex h-[22rem] w-fit flex-col"
      >
        <div className="flex h-10 items-center gap-2 border-b px-3">
          <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <EmojiPicker.Search
            ref={search}
            aria-label="Search emoji"
            placeholder="Search emoji…"
            className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground [&::-webkit-search-cancel-button]:hidden"
          />
        </div>
        {/* In the tab order, so the list can be scrolled and walked with the arrows from the keyboard too. */}
        <EmojiPicker.Viewport tabIndex={0} className="relative flex-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset">
          <EmojiPicker.Loading className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <LoaderIcon className="size-4 animate-spin" aria-hidden />
            Loading emoji…
          </EmojiPicker.Loading>
          <EmojiPicker.Empty className="absolute inset-0 flex items-center justify-center px-6 text-center text-sm text-muted-foreground">
            {({ search: text }) => <>No emoji matches “{text}”.</>}
          </EmojiPicker.Empty>
          <EmojiPicker.List className="pb-1.5 select-none" components={{ CategoryHeader, Row, Emoji }} />
        </EmojiPicker.Viewport>
        <div className="flex h-11 items-center gap-2 border-t px-2.5">
          <EmojiPicker.ActiveEmoji>
            {({ emoji }) =>
              emoji ? (
                <>
                  <span aria-hidden className="text-xl leading-none">
                    {emoji.emoji}
                  </span>
                  <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{emoji.label}</span>
                </>
              ) : (
                <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">Type to search, arrows to move, Enter to react</span>
              )
            }
          </EmojiPicker.ActiveEmoji>
          <EmojiPicker.SkinToneSelector className="grid size-8 shrink-0 cursor-pointer place-items-center rounded-md text-lg outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50" />
        </div>
      </EmojiPicker.Root>
    </OwnEmojis>
  );
}

function CategoryHeader({ category, className, ...props }: EmojiPickerListCategoryHeaderProps) {
  return (
    <div className={cn("bg-popover px-3 pt-3 pb-1.5 text-xs font-medium text-muted-foreground", className)} {...props}>
      {category.label}
    </div>
  );
}

/**
 * frimousse numbers rows and columns from 0, where ARIA counts from 1 (axe rejects a 0). It
 * finds a row by its `aria-rowindex` to scroll the keyboard's choice into view, so rows keep
 * its numbers, except row 0, which it never looks up (it scrolls to the top instead).
 */
function Row({ className, children, "aria-rowindex": rowIndex, ...props }: EmojiPickerListRowProps) {
  return (
    <div className={cn("scroll-my-1.5 px-1.5", className)} aria-rowindex={rowIndex || undefined} {...props}>
      {children}
    </div>
  );
}

function Emoji({ emoji, className, "aria-colindex": columnIndex, ...props }: EmojiPickerListEmojiProps) {
  const mine = use(OwnEmojis).has(emoji.emoji);
  return (
    <button
      type="button"
      className={cn(
        "grid size-8 cursor-pointer place-items-center rounded-md text-xl data-[active]:bg-accent",
        mine && "bg-primary/10 ring-1 ring-primary/40 ring-inset",
        className,
      )}
      {...props}
      role="gridcell"
      aria-colindex={columnIndex === undefined ? undefined : Number(columnIndex) + 1}
      aria-label={mine ? `${emoji.label}: remove your reaction` : emoji.label}
    >
      {emoji.emoji}
    </button>
  );
}
