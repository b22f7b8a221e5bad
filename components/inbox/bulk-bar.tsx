"use client";

import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  CheckIcon,
  CircleDotIcon,
  LoaderCircleIcon,
  MailIcon,
  MailOpenIcon,
  MinusIcon,
  RotateCwIcon,
  TagIcon,
  UserPlusIcon,
  UserXIcon,
  XIcon,
} from "lucide-react";
import { useState, type KeyboardEvent, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Thread } from "@/lib/api/threads";
import { ONLY_MANAGERS_ASSIGN_OTHERS, ONLY_OWN_UNASSIGN, assignRefusal, doneSentence, plural, progressVerb, type BulkAction } from "@/lib/client/list/bulk";
import { errorMessage } from "@/lib/client/errors";
import { colorHex } from "@/lib/client/format";
import { useBulkActions } from "@/lib/client/hooks/use-bulk-actions";
import type { ThreadFilters } from "@/lib/client/queries/threads";
import { coverage, type Selection } from "@/lib/client/list/selection";
import { useBulkStore, type BulkRun } from "@/lib/client/stores/bulk";
import { useSelectionStore, useViewSelection, type Everything } from "@/lib/client/stores/selection";
import { hasRole, useViewer } from "@/lib/client/viewer";

import { MemberOptions } from "./thread-pickers";
import type { RowLookups } from "./thread-row";

/**
 * What acts on the selected threads: a toolbar of bulk actions, the offer to select every
 * conversation of the view beyond the loaded pages, a run's progress (with Cancel), and what
 * failed and why (with Retry). Shown while anything is selected or a run is on screen.
 */
export function BulkBar({
  viewKey,
  filters,
  rows,
  hasNextPage,
  lookups,
  folderTotal,
  removeRows,
}: {
  viewKey: string;
  filters: ThreadFilters;
  rows: Thread[];
  hasNextPage: boolean;
  lookups: RowLookups;
  /** How many threads the view holds, when the inbox's counts know it (a plain folder). */
  folderTotal: number | null;
  removeRows: (ids: string[]) => void;
}) {
  const { selection, everything } = useViewSelection(viewKey);
  const run = useBulkStore((s) => s.run);
  const bulk = useBulkActions({ viewKey, filters, removeRows });
  const selected = everything.state === "ready" ? everything.threads : rows.filter((row) => selection.ids.has(row.id));
  if (selected.length === 0 && everything.state !== "loading" && !run) return null;
  const busy = run !== null && run.result === null;

  return (
    <div className="shrink-0 border-b bg-muted/40">
      {selected.length > 0 || everything.state === "loading" ? (
        <BulkToolbar selected={selected} lookups={lookups} disabled={busy || everything.state === "loading"} onRun={(action) => void bulk.run(action, selected)} />
      ) : null}
      <EverythingNotice
        selection={selection}
        everything={everything}
        rows={rows}
        hasNextPage={hasNextPage}
        folderTotal={folderTotal}
        onSelectEverything={() => void bulk.selectEverything()}
      />
      {run ? <RunPanel run={run} onRetry={() => void bulk.retry()} /> : null}
    </div>
  );
}

/** The header's checkbox: every row on screen, some, or none. */
export function SelectAllBox({ rows, viewKey }: { rows: Thread[]; viewKey: string }) {
  const { selection } = useViewSelection(viewKey);
  const ids = rows.map((row) => row.id);
  const state = coverage(selection, ids);
  const label = state === "all" ? "Clear selection" : "Select all conversations in view";
  return (
    <Tooltip>
      <TooltipTrigger asChild>
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
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

function BulkToolbar({ selected, lookups, disabled, onRun }: { selected: Thread[]; lookups: RowLookups; disabled: boolean; onRun: (action: BulkAction) => void }) {
  const viewer = useViewer();
  const manager = hasRole(viewer, "manager");
  const me = { memberId: viewer.memberId, manager };
  const anyOpen = selected.some((t) => !t.archived);
  const anyArchived = selected.some((t) => t.archived);
  const unassignable = selected.some((t) => t.assigneeId !== null && assignRefusal(null, t, me) === null);
  const count = selected.length;

  return (
    <div
      role="toolbar"
      aria-label={`Actions on ${plural(count, "selected conversation")}`}
      onKeyDown={moveAlongToolbar}
      className="flex min-h-11 flex-wrap items-center gap-0.5 px-2 py-1"
    >
      <span className="mr-auto pl-1 text-sm font-medium tabular-nums" aria-live="polite">
        {count.toLocaleString("en")} selected
      </span>
      {anyOpen ? (
        <BarButton label="Archive" disabled={disabled} onClick={() => onRun({ kind: "archive", archived: true })}>
          <ArchiveIcon aria-hidden />
        </BarButton>
      ) : null}
      {anyArchived ? (
        <BarButton label="Unarchive" disabled={disabled} onClick={() => onRun({ kind: "archive", archived: false })}>
          <ArchiveRestoreIcon aria-hidden />
        </BarButton>
      ) : null}
      <BarButton label="Mark read" disabled={disabled} onClick={() => onRun({ kind: "read", read: true })}>
        <MailOpenIcon aria-hidden />
      </BarButton>
      <BarButton label="Mark unread" disabled={disabled} onClick={() => onRun({ kind: "read", read: false })}>
        <MailIcon aria-hidden />
      </BarButton>
      <BarPicker label="Assign" hint={manager ? undefined : ONLY_MANAGERS_ASSIGN_OTHERS} disabled={disabled} icon={<UserPlusIcon aria-hidden />}>
        {(close) => (
          <MemberOptions
            current={null}
            onPick={(assigneeId, assigneeName) => {
              close();
              onRun({ kind: "assign", assigneeId, assigneeName });
            }}
          />
        )}
      </BarPicker>
      <BarButton
        label="Unassign"
        disabled={disabled}
        disabledReason={unassignable ? null : manager ? "None of these conversations is assigned to anyone." : ONLY_OWN_UNASSIGN}
        onClick={() => onRun({ kind: "assign", assigneeId: null })}
      >
        <UserXIcon aria-hidden />
      </BarButton>
      <BarPicker label="Tag contacts" disabled={disabled} icon={<TagIcon aria-hidden />}>
        {(close) => (
          <TagOptions
            selected={selected}
            lookups={lookups}
            onPick={(action) => {
              close();
              onRun(action);
            }}
          />
        )}
      </BarPicker>
      <BarPicker label="Set status" disabled={disabled} icon={<CircleDotIcon aria-hidden />}>
        {(close) => (
          <StatusOptions
            lookups={lookups}
            onPick={(statusId, statusName) => {
              close();
              onRun({ kind: "status", statusId, statusName });
            }}
          />
        )}
      </BarPicker>
      <BarButton label="Clear selection" shortcut="Esc" onClick={() => useSelectionStore.getState().clear()}>
        <XIcon aria-hidden />
      </BarButton>
    </div>
  );
}

function EverythingNotice({
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
function RunPanel({ run, onRetry }: { run: BulkRun; onRetry: () => void }) {
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

/** Tags as a mail client shows labels on a selection: on all (checked), some (dash) or none; picking adds, or removes when all have it. */
function TagOptions({ selected, lookups, onPick }: { selected: Thread[]; lookups: RowLookups; onPick: (action: BulkAction) => void }) {
  const contacts = new Map(selected.filter((t) => t.contactId).map((t) => [t.contactId!, t.contact?.tagIds ?? []]));
  return (
    <Command>
      <CommandInput placeholder="Add or remove a tag…" aria-label="Search tags" autoFocus />
      <CommandList>
        <CommandEmpty>No tag by that name.</CommandEmpty>
        <CommandGroup heading="Picking a tag every contact has removes it">
          {[...lookups.tags.values()].map((tag) => {
            const having = [...contacts.values()].filter((ids) => ids.includes(tag.id)).length;
            const all = contacts.size > 0 && having === contacts.size;
            return (
              <CommandItem key={tag.id} value={tag.name} onSelect={() => onPick({ kind: "tag", tagId: tag.id, tagName: tag.name, add: !all })}>
                <span className="size-2.5 rounded-full" style={{ backgroundColor: colorHex(tag.color, lookups.colors) }} aria-hidden />
                <span className="flex-1">{tag.name}</span>
                {all ? <CheckIcon className="text-primary" aria-label="On every selected contact" /> : null}
                {having > 0 && !all ? <MinusIcon className="text-muted-foreground" aria-label={`On ${having} of ${contacts.size} contacts`} /> : null}
              </CommandItem>
            );
          })}
        </CommandGroup>
      </CommandList>
    </Command>
  );
}

function StatusOptions({ lookups, onPick }: { lookups: RowLookups; onPick: (statusId: string | null, name: string) => void }) {
  return (
    <Command>
      <CommandInput placeholder="Set status…" aria-label="Search statuses" autoFocus />
      <CommandList>
        <CommandEmpty>No status by that name.</CommandEmpty>
        <CommandGroup>
          {[...lookups.statuses.values()].map((status) => (
            <CommandItem key={status.id} value={status.name} onSelect={() => onPick(status.id, status.name)}>
              <span className="size-2.5 rounded-[3px]" style={{ backgroundColor: colorHex(status.color, lookups.colors) }} aria-hidden />
              <span className="flex-1">{status.name}</span>
            </CommandItem>
          ))}
          <CommandItem value="no status none" onSelect={() => onPick(null, "No status")}>
            <span className="size-2.5 rounded-[3px] border" aria-hidden />
            <span className="flex-1">No status</span>
          </CommandItem>
        </CommandGroup>
      </CommandList>
    </Command>
  );
}

/** An icon button of the bar; a disabled one stays focusable and says why in its tooltip. */
function BarButton({
  label,
  shortcut,
  disabled,
  disabledReason,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  disabled?: boolean;
  disabledReason?: string | null;
  onClick: () => void;
  children: ReactNode;
}) {
  const refused = Boolean(disabledReason);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={BAR_BUTTON}
          aria-label={label}
          disabled={disabled}
          aria-disabled={refused || undefined}
          aria-description={disabledReason ?? undefined}
          onClick={refused ? undefined : onClick}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        {label}
        {shortcut ? <span className="ml-1.5 opacity-70">{shortcut}</span> : null}
        {disabledReason ? <span className="block opacity-80">{disabledReason}</span> : null}
      </TooltipContent>
    </Tooltip>
  );
}

function BarPicker({ label, hint, disabled, icon, children }: { label: string; hint?: string; disabled: boolean; icon: ReactNode; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <Button variant="ghost" size="icon" className={BAR_BUTTON} aria-label={label} disabled={disabled}>
              {icon}
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>
          {label}
          {hint ? <span className="block opacity-80">{hint}</span> : null}
        </TooltipContent>
      </Tooltip>
      <PopoverContent align="end" className="w-72 overflow-hidden p-0" aria-label={label}>
        {children(() => setOpen(false))}
      </PopoverContent>
    </Popover>
  );
}

function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none">
      {children}
    </button>
  );
}

/** Left and right arrows move between the toolbar's buttons, as the ARIA toolbar pattern has it. */
function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  buttons[(at + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length]?.focus();
}

const BAR_BUTTON =
  "size-8 text-muted-foreground hover:text-foreground aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent aria-disabled:hover:text-muted-foreground";
