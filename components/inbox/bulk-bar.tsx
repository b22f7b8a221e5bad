"use client";

import { useState, type KeyboardEvent, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { SnoozeMenu } from "@/components/snooze/snooze-menu";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { ArchiveIcon, ArchiveRestoreIcon, CheckIcon, CircleDotIcon, MailIcon, MailOpenIcon, MinusIcon, TagIcon, UserPlusIcon, UserXIcon, XIcon } from "@/components/ui/icons";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { StatusOptions } from "@/components/inbox/status-options";
import { ICON_BUTTON, IconButton } from "@/components/ui/icon-button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Thread } from "@/lib/api/threads";
import { ONLY_MANAGERS_ASSIGN_OTHERS, ONLY_OWN_UNASSIGN, assignRefusal, plural, type BulkAction } from "@/lib/client/list/bulk";

import { colorHex } from "@/lib/client/format";
import { useBulkActions } from "@/lib/client/hooks/use-bulk-actions";
import type { ThreadFilters } from "@/lib/client/queries/threads";
import { useBulkStore } from "@/lib/client/stores/bulk";
import { useSelectionStore, useViewSelection } from "@/lib/client/stores/selection";
import { hasRole, useViewer } from "@/lib/client/viewer";

import { MemberOptions } from "./thread-pickers";
import { EverythingNotice, RunPanel } from "./bulk-run-panel";
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
    <div className="shrink-0 border-t bg-muted/40">
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
        <IconButton label="Archive" disabled={disabled} onClick={() => onRun({ kind: "archive", archived: true })}>
          <ArchiveIcon aria-hidden />
        </IconButton>
      ) : null}
      {anyArchived ? (
        <IconButton label="Unarchive" disabled={disabled} onClick={() => onRun({ kind: "archive", archived: false })}>
          <ArchiveRestoreIcon aria-hidden />
        </IconButton>
      ) : null}
      {/* Snoozes are the inbox's own: one request each to the inbox's server, none upstream. */}
      <SnoozeMenu threadIds={selected.map((t) => t.id)} compact onSnoozed={() => useSelectionStore.getState().clear()} />
      <IconButton label="Mark read" disabled={disabled} onClick={() => onRun({ kind: "read", read: true })}>
        <MailOpenIcon aria-hidden />
      </IconButton>
      <IconButton label="Mark unread" disabled={disabled} onClick={() => onRun({ kind: "read", read: false })}>
        <MailIcon aria-hidden />
      </IconButton>
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
      <IconButton
        label="Unassign"
        disabled={disabled}
        disabledReason={unassignable ? null : manager ? "None of these conversations is assigned to anyone." : ONLY_OWN_UNASSIGN}
        onClick={() => onRun({ kind: "assign", assigneeId: null })}
      >
        <UserXIcon aria-hidden />
      </IconButton>
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
            statuses={[...lookups.statuses.values()]}
            colors={lookups.colors}
            onPick={(statusId, statusName) => {
              close();
              onRun({ kind: "status", statusId, statusName });
            }}
          />
        )}
      </BarPicker>
      <IconButton label="Clear selection" shortcut="close" onClick={() => useSelectionStore.getState().clear()}>
        <XIcon aria-hidden />
      </IconButton>
    </div>
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

/** An icon button of the bar; a disabled one stays focusable and says why in its tooltip. */
function BarPicker({ label, hint, disabled, icon, children }: { label: string; hint?: string; disabled: boolean; icon: ReactNode; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <Button variant="ghost" size="icon" className={ICON_BUTTON} aria-label={label} disabled={disabled}>
              {icon}
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>
          {label}
          {hint ? <span className="block opacity-80">{hint}</span> : null}
        </TooltipContent>
      </Tooltip>
      <PopoverContent align="end" className="w-96 max-w-[calc(100vw-1rem)] overflow-hidden p-0" aria-label={label}>
        {children(() => setOpen(false))}
      </PopoverContent>
    </Popover>
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
