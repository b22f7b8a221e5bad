"use client";

import { useState } from "react";
import { useDebouncedCallback } from "use-debounce";

import { Button } from "@/components/ui/button";
import { MessageSquareTextIcon, SearchIcon, XIcon } from "@/components/ui/icons";
import { Kbd } from "@/components/ui/kbd";
import { hasOperators, parseSearchQuery } from "@/lib/api/search-query";
import { SEARCH_INPUT_ID } from "@/lib/client/element-ids";

/**
 * The search box: its text filters the conversations (names, handles, the latest message) as
 * the person types, and offers to search every message for it instead. Text with an operator
 * (from:, before: …) goes to message search on Enter: only it understands them.
 */
export function SearchBox({
  value,
  messages,
  onSearch,
  onSearchMessages,
}: {
  value: string;
  /** Whether the list shows message hits for the text. */
  messages: boolean;
  onSearch: (q: string) => void;
  onSearchMessages: (q: string | null) => void;
}) {
  const [text, setText] = useState(value);
  // The URL may change under us (Back, a nav link): follow it (state derived during render).
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    setText(value);
  }
  const search = useDebouncedCallback((q: string) => onSearch(q.trim()), 300);
  const trimmed = text.trim();
  const searchMessages = () => {
    search.cancel();
    onSearchMessages(trimmed);
  };

  return (
    <>
      <div className="flex h-11 shrink-0 items-center gap-2 border-b px-3">
        <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
          {messages ? "Search messages" : "Search conversations"}
        </label>
        <input
          id={SEARCH_INPUT_ID}
          type="search"
          placeholder={messages ? "Search messages, e.g. hubspot from:ada" : "Search by name, handle or message"}
          value={text}
          maxLength={200}
          onChange={(e) => {
            setText(e.target.value);
            search(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.currentTarget.blur();
              // Out of message search first; from the conversations, to the list.
              if (messages) onSearchMessages(null);
              (document.querySelector("[data-thread-list]") as HTMLElement | null)?.focus();
            }
            if (e.key === "Enter") {
              const parsed = trimmed ? parseSearchQuery(trimmed) : null;
              if (messages || (parsed?.ok && hasOperators(parsed.query))) searchMessages();
              else search.flush();
            }
            if (e.key === "ArrowDown") {
              const next = messages
                ? document.querySelector<HTMLElement>('[data-message-hit][tabindex="0"]')
                : document.querySelector<HTMLElement>("[data-search-messages]");
              if (next) {
                e.preventDefault();
                next.focus();
              }
            }
          }}
          className="h-full min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Clear search"
            onClick={() => {
              setText("");
              search.cancel();
              onSearch("");
            }}
          >
            <XIcon aria-hidden />
          </Button>
        ) : (
          <Kbd hint>/</Kbd>
        )}
      </div>
      {!messages && trimmed ? (
        <button
          type="button"
          data-search-messages
          onClick={searchMessages}
          onKeyDown={(e) => {
            if (e.key === "ArrowUp" || e.key === "Escape") {
              e.preventDefault();
              document.getElementById(SEARCH_INPUT_ID)?.focus();
            }
          }}
          className="flex h-9 shrink-0 items-center gap-2 border-b px-3 text-left text-sm text-muted-foreground outline-none hover:bg-muted/60 hover:text-foreground focus-visible:bg-accent focus-visible:text-foreground"
        >
          <MessageSquareTextIcon className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1 truncate">
            Search messages for <span className="font-medium text-foreground">“{trimmed}”</span>
          </span>
          <Kbd hint aria-hidden>↓</Kbd>
        </button>
      ) : null}
    </>
  );
}
