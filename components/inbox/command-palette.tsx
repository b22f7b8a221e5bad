"use client";

import { useQuery } from "@tanstack/react-query";
import { ArchiveIcon, CircleDotIcon, SquareKanbanIcon, KeyboardIcon, MailIcon, MailOpenIcon, PanelRightIcon, ReplyIcon, SearchIcon, TagIcon, UserCheckIcon, UserXIcon, UsersIcon } from "lucide-react";
import { useRouter } from "next/navigation";

import { PersonAvatar } from "@/components/ui/avatar";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, CommandShortcut } from "@/components/ui/command";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { Folder, Thread } from "@/lib/api/threads";
import { personName } from "@/lib/client/format";
import { CLEARED, COMPOSER_ID, SEARCH_INPUT_ID, type SetParams } from "@/lib/client/hooks/use-inbox-hotkeys";
import { useThreadActions } from "@/lib/client/hooks/use-thread-actions";
import { useUnreadFor } from "@/lib/client/mutations/reads";
import { teamQueries } from "@/lib/client/queries/team";
import { shortcut, type ShortcutId } from "@/lib/client/shortcuts";
import { useUiStore } from "@/lib/client/stores/ui";
import { useViewer } from "@/lib/client/viewer";

import { FOLDER_LABELS } from "./nav-sidebar";

/**
 * Cmd/Ctrl+K: every action of the inbox by name — on the open (or highlighted) conversation,
 * going to a folder, queue, tag or status, opening a conversation by its person's name.
 */
export function CommandPalette({
  target,
  rows,
  open,
  setParams,
}: {
  target: Thread | null;
  rows: Thread[];
  open: (thread: Thread) => void;
  setParams: SetParams;
}) {
  const viewer = useViewer();
  const router = useRouter();
  const paletteOpen = useUiStore((s) => s.paletteOpen);
  const setPaletteOpen = useUiStore((s) => s.setPaletteOpen);
  const ui = useUiStore();
  const tags = useQuery(teamQueries.tags());
  const statuses = useQuery(teamQueries.statuses());
  const act = useThreadActions();
  const unreadFor = useUnreadFor();
  const targetUnread = target ? unreadFor(target) : false;

  const run = (action: () => void) => {
    setPaletteOpen(false);
    // After the dialog has closed and returned focus, so the action's own focus wins.
    setTimeout(action, 0);
  };
  const go = (change: Parameters<SetParams>[0]) => run(() => void setParams({ ...CLEARED, folder: "inbox", thread: null, ...change }));

  return (
    <Dialog open={paletteOpen} onOpenChange={setPaletteOpen}>
      <DialogContent className="top-[15%] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-lg">
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">Search for an action, a view or a conversation.</DialogDescription>
        <Command>
          <CommandInput placeholder="Type a command or a name…" aria-label="Command" autoFocus />
          <CommandList className="max-h-96">
            <CommandEmpty>Nothing matches.</CommandEmpty>
            {target ? (
              <CommandGroup heading={`Conversation with ${personName(target.profile)}`}>
                <Action id="reply" icon={<ReplyIcon />} label="Reply" onSelect={() => run(() => document.getElementById(COMPOSER_ID)?.focus())} />
                <Action
                  id="archive"
                  icon={<ArchiveIcon />}
                  label={target.archived ? "Unarchive" : "Archive"}
                  onSelect={() => run(() => act({ kind: "archive", archived: !target.archived }, target))}
                />
                <Action
                  id="toggleRead"
                  icon={targetUnread ? <MailOpenIcon /> : <MailIcon />}
                  label={targetUnread ? "Mark read" : "Mark unread"}
                  onSelect={() => run(() => act({ kind: "read", read: targetUnread }, target))}
                />
                <Action id="assign" icon={<UsersIcon />} label="Assign…" onSelect={() => run(() => ui.setPicker("assign"))} />
                {viewer.memberId && target.assigneeId !== viewer.memberId ? (
                  <Action icon={<UserCheckIcon />} label="Assign to me" onSelect={() => run(() => act({ kind: "assign", assigneeId: viewer.memberId, assigneeName: "you" }, target))} />
                ) : null}
                {target.assigneeId && target.assigneeId === viewer.memberId ? (
                  <Action icon={<UserXIcon />} label="Unassign me" onSelect={() => run(() => act({ kind: "assign", assigneeId: null }, target))} />
                ) : null}
                {target.contactId ? (
                  <>
                    <Action id="tag" icon={<TagIcon />} label="Tag…" onSelect={() => run(() => ui.setPicker("tag"))} />
                    <Action id="status" icon={<CircleDotIcon />} label="Set status…" onSelect={() => run(() => ui.setPicker("status"))} />
                  </>
                ) : null}
              </CommandGroup>
            ) : null}
            <CommandGroup heading="Go to">
              {(Object.keys(FOLDER_LABELS) as Folder[]).map((folder) => {
                const { label, Icon } = FOLDER_LABELS[folder];
                return <CommandItem key={folder} value={`go ${label}`} onSelect={() => go({ folder })}><Icon />{label}</CommandItem>;
              })}
              {viewer.memberId ? <CommandItem value="go assigned to me" onSelect={() => go({ assigneeId: [viewer.memberId!] })}><UserCheckIcon />Assigned to me</CommandItem> : null}
              <CommandItem value="go unassigned" onSelect={() => go({ unassigned: true })}><UserXIcon />Unassigned</CommandItem>
              <CommandItem value="go pipeline board" onSelect={() => run(() => router.push("/pipeline"))}><SquareKanbanIcon />Pipeline board</CommandItem>
              <Action id="search" icon={<SearchIcon />} label="Search conversations" onSelect={() => run(() => document.getElementById(SEARCH_INPUT_ID)?.focus())} />
            </CommandGroup>
            <CommandGroup heading="Statuses and tags">
              {statuses.data?.map((s) => <CommandItem key={s.id} value={`status ${s.name}`} onSelect={() => go({ folder: "all", status: [s.id] })}><CircleDotIcon />Status: {s.name}</CommandItem>)}
              {tags.data?.map((t) => <CommandItem key={t.id} value={`tag ${t.name}`} onSelect={() => go({ folder: "all", tag: [t.id] })}><TagIcon />Tag: {t.name}</CommandItem>)}
            </CommandGroup>
            {rows.length ? (
              <CommandGroup heading="Conversations in this view">
                {rows.slice(0, 100).map((row) => (
                  <CommandItem key={row.id} value={`open ${personName(row.profile)} ${row.profile?.handle ?? ""} ${row.id}`} onSelect={() => run(() => open(row))}>
                    <PersonAvatar name={personName(row.profile)} src={row.profile?.avatarUrl} className="size-5" />
                    <span className="truncate">{personName(row.profile)}</span>
                    <span className="min-w-0 truncate text-xs text-muted-foreground">{row.activity.preview}</span>
                  </CommandItem>
                ))}
              </CommandGroup>
            ) : null}
            <CommandGroup heading="Show">
              <Action id="toggleContact" icon={<PanelRightIcon />} label="Show or hide the contact" onSelect={() => run(ui.toggleContactPanel)} />
              <Action id="shortcuts" icon={<KeyboardIcon />} label="Keyboard shortcuts" onSelect={() => run(() => ui.setShortcutsOpen(true))} />
            </CommandGroup>
          </CommandList>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

function Action({ id, icon, label, onSelect }: { id?: ShortcutId; icon: React.ReactNode; label: string; onSelect: () => void }) {
  return (
    <CommandItem value={label} onSelect={onSelect}>
      {icon}
      {label}
      {id ? <CommandShortcut>{shortcut(id).display.join(" ")}</CommandShortcut> : null}
    </CommandItem>
  );
}
