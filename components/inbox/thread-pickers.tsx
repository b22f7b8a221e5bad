"use client";

import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";

import { StatusOptions } from "@/components/inbox/status-options";
import { AvailabilityBadge } from "@/components/routing/availability";
import { PersonAvatar } from "@/components/ui/avatar";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { CheckIcon, PlusIcon, UserXIcon } from "@/components/ui/icons";
import type { Thread } from "@/lib/api/threads";
import { returnFocusToInbox } from "@/lib/client/focus";
import { colorHex, personName } from "@/lib/client/format";
import { useThreadActions } from "@/lib/client/hooks/use-thread-actions";
import { useCreateTag } from "@/lib/client/mutations/contacts";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { routingQueries } from "@/lib/client/queries/routing";
import { teamQueries } from "@/lib/client/queries/team";
import { useUiStore } from "@/lib/client/stores/ui";
import { hasRole, useViewer } from "@/lib/client/viewer";

/**
 * The searchable pickers of a thread — assign (`a`), tag (`t`), status (`s`) — opened by
 * the keyboard, the palette or a button, whichever pane is showing.
 */
export function ThreadPickers({ thread }: { thread: Thread | null }) {
  const picker = useUiStore((s) => s.picker);
  const setPicker = useUiStore((s) => s.setPicker);
  if (!thread) return null;
  const close = () => setPicker(null);
  return (
    <>
      <PickerDialog open={picker === "assign"} onClose={close} title="Assign conversation" description={`Who answers ${personName(thread.profile)}`}>
        <AssignList thread={thread} onDone={close} />
      </PickerDialog>
      <PickerDialog open={picker === "tag" && Boolean(thread.contactId)} onClose={close} title="Tags" description={`Tags of ${personName(thread.profile)}`}>
        <TagList thread={thread} />
      </PickerDialog>
      <PickerDialog open={picker === "status" && Boolean(thread.contactId)} onClose={close} title="Status" description={`Pipeline stage of ${personName(thread.profile)}`}>
        <StatusList thread={thread} onDone={close} />
      </PickerDialog>
    </>
  );
}

export function PickerDialog({ open, onClose, title, description, children }: { open: boolean; onClose: () => void; title: string; description: string; children: React.ReactNode }) {
  const opener = useRef<Element | null>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className="top-[20%] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-md"
        onKeyDown={(event) => {
          // A pick's Undo toast is the topmost layer and would take Escape from the dialog: it hears it itself.
          if (event.key !== "Escape") return;
          event.preventDefault();
          onClose();
        }}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          // Opened by a key with nothing focused: back to the list or thread, not to the page.
          const from = opener.current;
          if (from instanceof HTMLElement && from !== document.body && from.isConnected) return;
          event.preventDefault();
          returnFocusToInbox();
        }}
      >
        <DialogTitle className="sr-only">{title}</DialogTitle>
        <DialogDescription className="sr-only">{description}</DialogDescription>
        {children}
      </DialogContent>
    </Dialog>
  );
}

function AssignList({ thread, onDone }: { thread: Thread; onDone: () => void }) {
  const viewer = useViewer();
  const act = useThreadActions();
  const assign = (assigneeId: string | null, assigneeName?: string) => {
    act({ kind: "assign", assigneeId, assigneeName }, thread);
    onDone();
  };
  const mayUnassign = hasRole(viewer, "manager") || (thread.assigneeId !== null && thread.assigneeId === viewer.memberId);

  return (
    <MemberOptions current={thread.assigneeId} onPick={(id, name) => assign(id, name)}>
      {thread.assigneeId ? (
        <CommandGroup>
          <CommandItem value="unassign nobody" disabled={!mayUnassign} onSelect={() => assign(null)}>
            <UserXIcon aria-hidden />
            Unassign
            {!mayUnassign ? <span className="ml-auto text-xs">Only managers unassign others</span> : null}
          </CommandItem>
        </CommandGroup>
      ) : null}
    </MemberOptions>
  );
}

/**
 * The members to assign to, searchable, each with their availability and open load; below manager only the
 * viewer may be picked (lib/server/access/policy). Shared by one thread's picker and the bulk bar.
 */
export function MemberOptions({ current, onPick, children }: { current: string | null; onPick: (memberId: string, name: string) => void; children?: React.ReactNode }) {
  const viewer = useViewer();
  const members = useQuery(teamQueries.members());
  const counts = useQuery(inboxQueries.counts());
  const availability = useQuery(routingQueries.availability());
  const manager = hasRole(viewer, "manager");
  return (
    <Command>
      <CommandInput placeholder="Assign to…" aria-label="Search members" autoFocus />
      <CommandList>
        <CommandEmpty>No member by that name.</CommandEmpty>
        <CommandGroup heading={manager ? "Members" : "Members can assign conversations only to themselves"}>
          {members.data?.map((member) => {
            const allowed = manager || member.id === viewer.memberId;
            const load = counts.data?.byAssignee[member.id]?.total ?? 0;
            return (
              <CommandItem key={member.id} value={`${member.name} ${member.email}`} disabled={!allowed} onSelect={() => onPick(member.id, member.name)}>
                <PersonAvatar name={member.name} src={member.avatarUrl} className="size-6" />
                <span className="min-w-0 flex-1 truncate">
                  {member.name}
                  {member.id === viewer.memberId ? <span className="text-muted-foreground"> (you)</span> : null}
                </span>
                <AvailabilityBadge availability={availability.data?.get(member.id)} className="shrink-0" />
                <span className="text-xs text-muted-foreground tabular-nums">{load} open</span>
                {current === member.id ? <CheckIcon className="text-primary" aria-label="Assigned" /> : null}
              </CommandItem>
            );
          })}
        </CommandGroup>
        {children}
      </CommandList>
    </Command>
  );
}

function TagList({ thread }: { thread: Thread }) {
  const viewer = useViewer();
  const tags = useQuery(teamQueries.tags());
  const colors = useQuery(teamQueries.colors());
  const act = useThreadActions();
  const create = useCreateTag();
  const [search, setSearch] = useState("");
  const contactId = thread.contactId;
  if (!contactId) return null;
  const current = new Set(thread.contact?.tagIds ?? []);
  const name = search.trim();
  const exists = tags.data?.some((t) => t.name.toLowerCase() === name.toLowerCase());
  const manager = hasRole(viewer, "manager");

  return (
    <Command>
      <CommandInput placeholder="Add or remove a tag…" aria-label="Search tags" value={search} onValueChange={setSearch} autoFocus />
      <CommandList>
        <CommandEmpty>{manager ? "No tag by that name." : "No tag by that name. Only managers create tags."}</CommandEmpty>
        <CommandGroup>
          {tags.data?.map((tag) => (
            <CommandItem key={tag.id} value={tag.name} onSelect={() => act({ kind: "tag", tagId: tag.id, tagName: tag.name, add: !current.has(tag.id) }, thread)}>
              <span className="size-2.5 rounded-full" style={{ backgroundColor: colorHex(tag.color, colors.data) }} aria-hidden />
              <span className="flex-1">{tag.name}</span>
              {current.has(tag.id) ? <CheckIcon className="text-primary" aria-label="On this contact" /> : null}
            </CommandItem>
          ))}
        </CommandGroup>
        {name && !exists && manager ? (
          <CommandGroup>
            <CommandItem
              value={`create ${name}`}
              onSelect={async () => {
                const tag = await create.mutateAsync({ name }).catch(() => null);
                if (tag) act({ kind: "tag", tagId: tag.id, tagName: tag.name, add: true }, thread);
                setSearch("");
              }}
            >
              <PlusIcon aria-hidden />
              Create tag “{name}”
            </CommandItem>
          </CommandGroup>
        ) : null}
      </CommandList>
    </Command>
  );
}

function StatusList({ thread, onDone }: { thread: Thread; onDone: () => void }) {
  const statuses = useQuery(teamQueries.statuses());
  const colors = useQuery(teamQueries.colors());
  const act = useThreadActions();
  if (!thread.contactId) return null;
  return (
    <StatusOptions
      statuses={statuses.data ?? []}
      colors={colors.data}
      current={thread.contact ? thread.contact.statusId : undefined}
      onPick={(status, name) => {
        act({ kind: "status", statusId: status, statusName: name }, thread);
        onDone();
      }}
    />
  );
}
