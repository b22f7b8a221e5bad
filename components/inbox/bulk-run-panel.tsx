"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { LoaderCircleIcon, RotateCwIcon } from "@/components/ui/icons";
import type { Thread } from "@/lib/api/threads";
import { doneSentence, plural, progressVerb } from "@/lib/client/list/bulk";
import { errorMessage } from "@/lib/client/errors";
import { coverage, type Selection } from "@/lib/client/list/selection";
import { useBulkStore, type BulkRun } from "@/lib/client/stores/bulk";
import { useSelectionStore, type Everything } from "@/lib/client/stores/selection";

/**
 * Below the bulk toolbar: the offer to select every conversation of the view beyond the
 * loaded pages (and how far finding them got), and a run's progress, then what failed and why.
 */
export function EverythingNotice({
  selection,
  everything,
  rows,
  hasNextPage,
  folderTotal,
  onSelectEverything,
}: {
  selection: Selection;
  everything: Everything;
  rows: Thread[];
  hasNextPage: boolean;
  folderTotal: number | null;
  onSelectEverything: () => void;
}) {
  const clear = () => useSelectionStore.getState().clear();
  let content: ReactNode = null;
  if (everything.state === "loading") {
    content = (
      <>
        <LoaderCircleIcon className="size-4 shrink-0 animate-spin" aria-hidden />
        <span>Finding every conversation in this view… {everything.count.toLocaleString("en")} so far</span>
      </>
    );
  } else if (everything.state === "ready") {
    content = (
      <>
        <span>All {plural(everything.threads.length, "conversation")} matching this view are selected.</span>
        <LinkButton onClick={clear}>Clear selection</LinkButton>
      </>
    );
  } else if (everything.state === "failed") {
    content = (
      <>
        <span>{errorMessage(everything.error)}</span>
        <LinkButton onClick={onSelectEverything}>Try again</LinkButton>
      </>
    );
  } else if (hasNextPage && rows.length > 0 && coverage(selection, rows.map((r) => r.id)) === "all") {
    content = (
      <>
        <span>All {rows.length.toLocaleString("en")} loaded here are selected.</span>
        <LinkButton onClick={onSelectEverything}>
          {folderTotal !== null ? `Select all ${folderTotal.toLocaleString("en")} in this view` : "Select every conversation matching this view"}
        </LinkButton>
      </>
    );
  }
  if (!content) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 border-t px-3 py-2 text-sm text-muted-foreground">
      {content}
    </div>
  );
}

/** A run's progress with Cancel, then what did not work, with the reasons and Retry. */
export function RunPanel({ run, onRetry }: { run: BulkRun; onRetry: () => void }) {
  const cancel = useBulkStore((s) => s.cancel);
  const dismiss = useBulkStore((s) => s.dismiss);
  const verb = progressVerb(run.action);

  if (!run.result) {
    return (
      <div className="flex items-center gap-3 border-t px-3 py-2">
        <div className="min-w-0 flex-1">
          <p role="status" className="text-sm">
            {run.cancelling ? "Cancelling… " : ""}
            {verb} {run.done.toLocaleString("en")} of {run.total.toLocaleString("en")}…
          </p>
          <div
            role="progressbar"
            aria-label={verb}
            aria-valuemin={0}
            aria-valuemax={run.total}
            aria-valuenow={run.done}
            className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${run.total ? (run.done / run.total) * 100 : 0}%` }} />
          </div>
        </div>
        <Button variant="outline" size="sm" disabled={run.cancelling} onClick={cancel}>
          Cancel
        </Button>
      </div>
    );
  }

  const { succeeded, failed, notStarted } = run.result;
  const problems = [...failed.map((f) => ({ key: f.task.key, name: f.task.name, reason: f.reason })), ...run.refused];
  const again = failed.length + notStarted.length;
  return (
    <section aria-label="Bulk action results" className="border-t px-3 py-2 text-sm">
      <p role="status">
        {succeeded.length > 0 ? `${doneSentence(run.action, succeeded.length)}. ` : ""}
        {problems.length > 0 ? `${plural(problems.length, "item")} couldn't be changed. ` : ""}
        {notStarted.length > 0 ? `${plural(notStarted.length, "item")} not started: cancelled.` : ""}
      </p>
      {problems.length > 0 ? (
        <ul aria-label="Couldn't be changed" className="mt-1.5 max-h-36 space-y-1 overflow-y-auto">
          {problems.map((problem) => (
            <li key={problem.key} className="flex gap-2">
              <span className="shrink-0 font-medium">{problem.name}</span>
              <span className="min-w-0 text-muted-foreground">{problem.reason}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 flex gap-2">
        {again > 0 ? (
          <Button size="sm" onClick={onRetry}>
            <RotateCwIcon aria-hidden />
            {failed.length > 0 ? "Retry failed" : "Resume"}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={dismiss}>
          Done
        </Button>
      </div>
    </section>
  );
}

function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none">
      {children}
    </button>
  );
}
