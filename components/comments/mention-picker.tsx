"use client";

import { useQuery } from "@tanstack/react-query";
import type { RefObject } from "react";

import { useInlinePicker } from "@/components/thread/use-inline-picker";
import { cn } from "@/components/ui/cn";
import { AtSignIcon } from "@/components/ui/icons";
import { insertMention, matchingPeople, mentionTrigger, type Person } from "@/lib/client/comments/mention-text";
import { errorMessage } from "@/lib/client/errors";
import { inboxQueries } from "@/lib/client/queries/inbox";

/** How many people the list shows at once; typing narrows it. */
const SHOWN = 8;

/**
 * The @mention picker of the comment box (../thread/use-inline-picker): `@` at the start of a
 * word opens the team's people, what follows filters them, and choosing one inserts `@Name `
 * and records the person.
 */
export function useMentionPicker({ textarea, text, setText, onPick, exclude }: { textarea: RefObject<HTMLTextAreaElement | null>; text: string; setText: (text: string) => void; onPick: (person: Person) => void; exclude: string }) {
  const users = useQuery(inboxQueries.users());
  const people = (users.data ?? []).filter((u) => u.id !== exclude).map((u) => ({ id: u.id, name: u.name }));
  const picker = useInlinePicker({
    textarea,
    text,
    setText,
    find: mentionTrigger,
    match: (trigger) => matchingPeople(people, trigger.query).slice(0, SHOWN),
    insert: (current, trigger, person: Person) => {
      onPick(person);
      return insertMention(current, trigger, person);
    },
    keyOf: (person) => person.id,
  });
  return { ...picker, users };
}

export type MentionPicker = ReturnType<typeof useMentionPicker>;

/** The list over the comment box. */
export function MentionList({ picker }: { picker: MentionPicker }) {
  if (!picker.open) return null;
  const { items, activeIndex, users, trigger } = picker;
  return (
    <div className="absolute right-0 bottom-full left-0 z-20 mb-2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg">
      <p className="flex items-center gap-1.5 border-b px-3 py-1.5 text-xs text-muted-foreground">
        <AtSignIcon className="size-3.5" aria-hidden />
        Mention a teammate{trigger?.query ? <> matching “{trigger.query}”</> : null}
        <span className="ml-auto hidden @md:inline">↑↓ to choose, Enter to insert, Esc to close</span>
      </p>
      {users.isPending ? (
        <p role="status" className="px-3 py-3 text-sm text-muted-foreground">
          Loading your team…
        </p>
      ) : users.isError ? (
        <p role="alert" className="px-3 py-3 text-sm">
          We couldn&apos;t load your team. {errorMessage(users.error)}
        </p>
      ) : items.length === 0 ? (
        <p role="status" className="px-3 py-3 text-sm text-muted-foreground">
          Nobody on the team matches. Keep typing, or Esc to write it as it is.
        </p>
      ) : (
        <ul id={picker.listboxId} role="listbox" aria-label="Teammates" className="max-h-72 overflow-y-auto p-1">
          {items.map((person, index) => (
            <li
              key={person.id}
              id={picker.optionId(person)}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps the focus in the textarea: the click inserts, the caret stays.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => picker.setActive(index)}
              onClick={() => picker.choose(person)}
              className={cn("flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm", index === activeIndex && "bg-accent text-accent-foreground")}
            >
              <Initials name={person.name} />
              <span className="min-w-0 flex-1 truncate">{person.name}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A person's initials in a small circle: the inbox's users have no pictures. */
export function Initials({ name, className }: { name: string; className?: string }) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
  return (
    <span aria-hidden className={cn("grid size-6 shrink-0 place-items-center rounded-full bg-amber-200 text-[10px] font-semibold text-amber-900 dark:bg-amber-800 dark:text-amber-100", className)}>
      {letters}
    </span>
  );
}
