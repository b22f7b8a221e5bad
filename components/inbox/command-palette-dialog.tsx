"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useDebounce } from "use-debounce";

import { Snippet } from "@/components/search/snippet";
import { PersonAvatar } from "@/components/ui/avatar";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, CommandShortcut } from "@/components/ui/command";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { AlarmClockIcon, ArchiveIcon, AtSignIcon, CircleDotIcon, KeyboardIcon, ListIcon, MailIcon, MailOpenIcon, MegaphoneIcon, MessageSquareTextIcon, PanelRightIcon, ReplyIcon, SearchIcon, SquareKanbanIcon, TagIcon, UserCheckIcon, UserXIcon, UsersIcon } from "@/components/ui/icons";
import type { MessageHit } from "@/lib/api/search";
import { parseSearchQuery } from "@/lib/api/search-query";
import type { Folder, Thread } from "@/lib/api/threads";
import { personName } from "@/lib/client/format";
import { CLEARED } from "@/lib/client/list/inbox-url";
import { COMPOSER_ID, SEARCH_INPUT_ID } from "@/lib/client/element-ids";
import type { SetParams } from "@/lib/client/hooks/use-inbox-hotkeys";
import { useThreadActions } from "@/lib/client/hooks/use-thread-actions";
import { useUnreadFor } from "@/lib/client/mutations/reads";
import { searchQueries } from "@/lib/client/queries/search";
import { teamQueries } from "@/lib/client/queries/team";
import { threadQueries } from "@/lib/client/queries/threads";
import { shortcut, type ShortcutId } from "@/lib/client/shortcuts";
import { whenShown } from "@/lib/client/focus";
import { COMMENT_BOX_ID, openComposer } from "@/lib/client/stores/composer-mode";
import { useUiStore } from "@/lib/client/stores/ui";
import { useViewer } from "@/lib/client/viewer";

import { FOLDER_LABELS } from "./nav-sidebar";
import { SavedReplyCommands } from "./saved-reply-commands";

export type CommandPaletteProps = {
  target: Thread | null;
  rows: Thread[];
  open: (thread: Thread) => void;
  openHit: (hit: MessageHit) => void;
  /** Shows the messages a text finds in the list pane. */
  searchMessages: (q: string) => void;
  setParams: SetParams;
};

/**
 * Cmd/Ctrl+K: every action of the inbox by name — on the open (or highlighted) conversation,
 * going to a folder, queue, tag or status, opening a conversation by its person's name — and
 * the messages that mention what was typed, found by message search, opened at the message.
 */
export function CommandPaletteDialog({
  target,
  rows,
  open,
  openHit,
  searchMessages,
  setParams,
}: CommandPaletteProps) {
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
  const [input, setInput] = useState("");
  const typed = input.trim();

  const run = (action: () => void) => {
    setPaletteOpen(false);
    // After the dialog has closed and returned focus, so the action's own focus wins.
    setTimeout(action, 0);
  };
  const go = (change: Parameters<SetParams>[0]) => run(() => void setParams({ ...CLEARED, folder: "inbox", thread: null, ...change }));

  return (
    <Dialog
      open={paletteOpen}
      onOpenChange={(next) => {
        setPaletteOpen(next);
        if (!next) setInput("");
      }}
    >
      <DialogContent className="top-[15%] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-lg">
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">Search for an action, a view or a conversation.</DialogDescription>
        <Command>
          <CommandInput placeholder="Type a command, a name or words of a message…" aria-label="Command" autoFocus value={input} onValueChange={setInput} />
          <CommandList className="max-h-96">
            {/* With text typed, message search always has something to offer. */}
            {typed ? null : <CommandEmpty>Nothing matches.</CommandEmpty>}
            {/* cmdk moves the groups that match to the end of their parent, best first; this wrapper keeps
                them above message search, whose groups are always shown and so never moved. */}
            <div>
            {target ? (
              <CommandGroup heading={`Conversation with ${personName(target.profile)}`}>
                <Action id="reply" icon={<ReplyIcon />} label="Reply" onSelect={() => run(() => openComposer("reply", COMPOSER_ID))} />
                <Action id="comment" icon={<MessageSquareTextIcon />} label="Write an internal comment" onSelect={() => run(() => openComposer("comment", COMMENT_BOX_ID))} />
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
                <Action id="snooze" icon={<AlarmClockIcon />} label="Snooze…" onSelect={() => run(() => ui.openSnooze([target.id]))} />
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
            {target ? (
              <SavedReplyCommands
                target={target}
                onInserted={() =>
                  run(() => {
                    open(target);
                    // The thread's reply box may only now be drawn, when the target was the list's highlighted row.
                    whenShown(COMPOSER_ID, (box) => box.focus());
                  })
                }
              />
            ) : null}
            <CommandGroup heading="Go to">
              {(Object.keys(FOLDER_LABELS) as Folder[]).map((folder) => {
                const { label, Icon } = FOLDER_LABELS[folder];
                return <CommandItem key={folder} value={`go ${label}`} onSelect={() => go({ folder })}><Icon />{label}</CommandItem>;
              })}
              <CommandItem value="go snoozed" onSelect={() => go({ view: "snoozed" })}><AlarmClockIcon />Snoozed</CommandItem>
              <CommandItem value="go mentions" onSelect={() => go({ view: "mentions" })}><AtSignIcon />Mentions</CommandItem>
              {viewer.memberId ? <CommandItem value="go assigned to me" onSelect={() => go({ assigneeId: [viewer.memberId!] })}><UserCheckIcon />Assigned to me</CommandItem> : null}
              <CommandItem value="go unassigned" onSelect={() => go({ unassigned: true })}><UserXIcon />Unassigned</CommandItem>
              <CommandItem value="go pipeline board" onSelect={() => run(() => router.push("/pipeline"))}><SquareKanbanIcon />Pipeline board</CommandItem>
              <CommandItem value="go outreach campaigns" onSelect={() => run(() => router.push("/outreach/campaigns"))}><MegaphoneIcon />Campaigns</CommandItem>
              <CommandItem value="go outreach lead lists leads" onSelect={() => run(() => router.push("/outreach/lists"))}><ListIcon />Lead lists</CommandItem>
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
            </div>
            {typed ? (
              <div>
                <MessageHits text={typed} onSearch={() => run(() => searchMessages(typed))} onOpen={(hit) => run(() => openHit(hit))} />
                <ConversationHits text={typed} loadedIds={rows.map((row) => row.id)} onOpen={(thread) => run(() => open(thread))} />
              </div>
            ) : null}
          </CommandList>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

/** How many hits the palette shows; the list pane shows them all. */
const PALETTE_HITS = 5;

/**
 * Message search from the palette: an item that shows every hit in the list pane, and the
 * first few hits themselves. They are always shown (`forceMount`): the match is in the
 * message, not in the item's words, which cmdk's own filter would judge by.
 */
function MessageHits({ text, onSearch, onOpen }: { text: string; onSearch: () => void; onOpen: (hit: MessageHit) => void }) {
  const [q] = useDebounce(text, 250);
  const parsed = parseSearchQuery(q);
  const hits = useInfiniteQuery({ ...searchQueries.messages(q, PALETTE_HITS), enabled: parsed.ok && q.length >= 2 });
  const found = hits.data?.pages[0]?.data ?? [];
  return (
    <CommandGroup heading="Messages" forceMount>
      <CommandItem value={`search messages ${text}`} forceMount onSelect={onSearch}>
        <MessageSquareTextIcon />
        <span className="truncate">
          Search messages for <span className="font-medium">“{text}”</span>
        </span>
      </CommandItem>
      {found.map((hit) => (
        <CommandItem key={hit.messageId} value={`message ${hit.messageId}`} forceMount onSelect={() => onOpen(hit)} className="items-start">
          <PersonAvatar name={personName(hit.thread.profile)} src={hit.thread.profile?.avatarUrl} className="mt-0.5 size-5" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-xs font-medium">{personName(hit.thread.profile)}</span>
            <span className="line-clamp-1 block text-xs text-muted-foreground">
              <Snippet parts={hit.snippet} />
            </span>
          </span>
        </CommandItem>
      ))}
      {hits.isFetching && found.length === 0 ? (
        <p role="status" className="px-2 py-1.5 text-xs text-muted-foreground">
          Searching messages…
        </p>
      ) : null}
    </CommandGroup>
  );
}

/**
 * Conversations beyond the loaded rows whose person or latest message matches the text (the
 * server's `q`, answered from its thread index at no cost to the team's quota).
 */
function ConversationHits({ text, loadedIds, onOpen }: { text: string; loadedIds: readonly string[]; onOpen: (thread: Thread) => void }) {
  const [q] = useDebounce(text, 250);
  const list = useInfiniteQuery({ ...threadQueries.list({ folder: "all", q }), enabled: q.length >= 2 });
  const loaded = new Set(loadedIds);
  const found = (list.data?.pages[0]?.data ?? []).filter((thread) => !loaded.has(thread.id)).slice(0, PALETTE_HITS);
  if (found.length === 0) return null;
  return (
    <CommandGroup heading="Other conversations" forceMount>
      {found.map((thread) => (
        <CommandItem key={thread.id} value={`open found ${thread.id}`} forceMount onSelect={() => onOpen(thread)}>
          <PersonAvatar name={personName(thread.profile)} src={thread.profile?.avatarUrl} className="size-5" />
          <span className="truncate">{personName(thread.profile)}</span>
          <span className="min-w-0 truncate text-xs text-muted-foreground">{thread.activity.preview}</span>
        </CommandItem>
      ))}
    </CommandGroup>
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
