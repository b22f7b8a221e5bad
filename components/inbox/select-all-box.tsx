"use client";

import { cn } from "@/components/ui/cn";
import { Hint } from "@/components/ui/hint";
import { CheckIcon, MinusIcon } from "@/components/ui/icons";
import type { Thread } from "@/lib/api/threads";
import { coverage } from "@/lib/client/list/selection";
import { useSelectionStore, useViewSelection } from "@/lib/client/stores/selection";

/** The header's checkbox: every row on screen, some, or none. */
export function SelectAllBox({ rows, viewKey }: { rows: Thread[]; viewKey: string }) {
  const { selection } = useViewSelection(viewKey);
  const ids = rows.map((row) => row.id);
  const state = coverage(selection, ids);
  const label = state === "all" ? "Clear selection" : "Select all conversations in view";
  return (
    <Hint label={label}>
      <button
        type="button"
        role="checkbox"
        aria-checked={state === "all" ? true : state === "some" ? "mixed" : false}
        aria-label="Select all conversations in view"
        disabled={rows.length === 0}
        onClick={() => (state === "none" ? useSelectionStore.getState().selectAll(viewKey, ids) : useSelectionStore.getState().clear())}
        className="grid size-8 shrink-0 cursor-pointer place-items-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:opacity-40"
      >
        <span
          className={cn(
            "grid size-4 place-items-center rounded-[4px] border-2",
            state === "none" ? "border-muted-foreground/60" : "border-primary bg-primary text-primary-foreground",
          )}
        >
          {state === "all" ? <CheckIcon className="size-3" strokeWidth={3} aria-hidden /> : null}
          {state === "some" ? <MinusIcon className="size-3" strokeWidth={3} aria-hidden /> : null}
        </span>
      </button>
    </Hint>
  );
}
