"use client";

import { Button } from "@/components/ui/button";
import { CircleAlertIcon, EyeIcon, FilePenLineIcon, PencilLineIcon } from "@/components/ui/icons";
import type { DraftHolder } from "@/lib/api/drafts";
import type { PresentPerson } from "@/lib/client/stores/presence";

/** "Marcus Lee and Priya Shah", "Marcus Lee and 2 others". */
export function namesOf(people: readonly Pick<PresentPerson, "name">[]): string {
  const names = people.map((p) => p.name);
  if (names.length <= 2) return names.join(" and ");
  return `${names[0]} and ${names.length - 1} others`;
}

/**
 * Who else is in this thread: typing a reply, or viewing it, and who holds an unsent draft of
 * one (kept on the server, so it shows while they are away too). Says nothing when alone.
 */
export function PresenceLine({ people, drafting = [] }: { people: readonly PresentPerson[]; drafting?: readonly DraftHolder[] }) {
  if (people.length === 0 && drafting.length === 0) return null;
  const typing = people.filter((p) => p.typing);
  const viewing = people.filter((p) => !p.typing);
  return (
    <div role="status" aria-live="polite" className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-t bg-muted/40 px-4 py-1.5 text-xs text-muted-foreground">
      {typing.length > 0 ? (
        <span className="inline-flex items-center gap-1.5 font-medium text-foreground">
          <PencilLineIcon className="size-3.5 animate-pulse" aria-hidden />
          {namesOf(typing)} {typing.length === 1 ? "is" : "are"} typing a reply…
        </span>
      ) : null}
      {viewing.length > 0 ? (
        <span className="inline-flex items-center gap-1.5">
          <EyeIcon className="size-3.5" aria-hidden />
          {namesOf(viewing)} {viewing.length === 1 ? "is" : "are"} viewing this conversation
        </span>
      ) : null}
      {drafting.length > 0 ? (
        <span className="inline-flex items-center gap-1.5">
          <FilePenLineIcon className="size-3.5" aria-hidden />
          {namesOf(drafting)} {drafting.length === 1 ? "has a draft" : "have drafts"} here
        </span>
      ) : null}
    </div>
  );
}

/** A reply held because something arrived since the member last looked. */
export function NewActivityNotice({ summary, onReview, onSendAnyway }: { summary: string; onReview: () => void; onSendAnyway: () => void }) {
  return (
    <div role="alert" className="mx-3 mt-2 flex flex-wrap items-center gap-2 rounded-md border border-amber-500/50 bg-amber-50 px-3 py-2 text-sm dark:bg-amber-400/10">
      <CircleAlertIcon className="size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-medium">New activity — review before sending.</span> <span className="text-muted-foreground">{summary} since you opened this conversation; your reply is kept.</span>
      </p>
      <span className="flex gap-1.5">
        <Button size="sm" variant="outline" className="h-7" onClick={onReview}>
          Review
        </Button>
        <Button size="sm" className="h-7" onClick={onSendAnyway}>
          Send anyway
        </Button>
      </span>
    </div>
  );
}
