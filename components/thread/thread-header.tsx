"use client";

import { useState } from "react";
import { AccountStatusDot, accountStatusLabel } from "@/components/inbox/account-status";
import { SnoozeMenu } from "@/components/snooze/snooze-menu";
import { PersonAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { IconButton, ShortcutHint } from "@/components/ui/icon-button";
import { ArchiveIcon, ArchiveRestoreIcon, BanIcon, ChevronLeftIcon, MailIcon, MailOpenIcon, MailQuestionIcon, PanelRightCloseIcon, PanelRightOpenIcon, Trash2Icon, UserPlusIcon, UserRoundIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { AccountLink } from "@/lib/api/platforms";
import type { Member } from "@/lib/api/team";
import type { Thread } from "@/lib/api/threads";
import { personName } from "@/lib/client/format";

import { DeleteDialog, MoreMenu, ONLY_MANAGERS_DELETE } from "./thread-more-menu";
import { TypingMenu, type TypingSetting } from "./typing-menu";

/**
 * The open conversation's header: who it is with and through which account, its state
 * (request, restrictions, archived), and what can be done to it. Every action is an icon
 * button with a name and a tooltip; on a narrow pane the rarer ones fold into a menu.
 */
export function ThreadHeader({
  thread,
  accountLink,
  platformName,
  assignee,
  assigneeNote,
  canManage,
  typingNote,
  deletesOnPlatform,
  contactShown,
  onBack,
  onToggleContact,
  onArchive,
  onToggleUnread,
  onAssign,
  onTypingIndicators,
  onDelete,
  deleting,
  unread,
}: {
  thread: Thread;
  /** Unread for the viewer (lib/api/read-state), not the API's owner flag. */
  unread: boolean;
  accountLink: AccountLink | undefined;
  platformName: string | null;
  assignee: Member | undefined;
  /** The conversation's and the contact's assignees, when they differ (lib/client/contact/assignees). */
  assigneeNote: string | null;
  canManage: boolean;
  /** Why typing indicators can't be sent here at all (capabilityReason), whatever the setting. */
  typingNote: string | null;
  /** Whether deleting also deletes on the platform (the account's `thread:delete`). */
  deletesOnPlatform: boolean;
  /** Whether the contact is showing beside the conversation (always false on phones, where it opens as a sheet). */
  contactShown: boolean;
  onBack?: () => void;
  onToggleContact: () => void;
  onArchive: () => void;
  onToggleUnread: () => void;
  onAssign: () => void;
  onTypingIndicators: (setting: TypingSetting) => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  // The header stays mounted from one thread to the next (components/thread/open-thread-header):
  // the delete confirmation belongs to the thread it was asked for, never to the next one.
  const [confirmFor, setConfirmFor] = useState<string | null>(null);
  const confirmOpen = confirmFor === thread.id;
  const setConfirmOpen = (open: boolean) => setConfirmFor(open ? thread.id : null);
  const name = personName(thread.profile);
  const handle = thread.profile?.handle && thread.profile.handle !== name ? thread.profile.handle : null;

  return (
    <header className="@container shrink-0 border-b bg-background">
      <div className="flex min-h-14 items-center gap-2 px-3 py-2 @lg:px-4">
        {onBack ? (
          <IconButton label="Back to the list" onClick={onBack} className="-ml-1">
            <ChevronLeftIcon aria-hidden />
          </IconButton>
        ) : null}
        {/* Not on a phone: its name needs the room more than its face (the list row showed that). */}
        <PersonAvatar name={name} src={thread.profile?.avatarUrl} className="hidden size-9 @md:flex" />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-baseline gap-2">
            <h2 className="min-w-0 truncate text-sm font-semibold">{name}</h2>
            {handle ? <span className="hidden min-w-0 shrink-[4] truncate text-xs text-muted-foreground @xl:inline">{handle}</span> : null}
          </div>
          <AccountLine accountLink={accountLink} platformName={platformName} />
        </div>

        <div className="flex shrink-0 items-center gap-0.5">
          <IconButton label={thread.archived ? "Unarchive" : "Archive"} shortcut="archive" onClick={onArchive}>
            {thread.archived ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveIcon aria-hidden />}
          </IconButton>
          <SnoozeMenu threadIds={[thread.id]} compact />
          {/* On phones it folds into the menu (a menu's items are outside the header, so by viewport). */}
          <IconButton label={unread ? "Mark read" : "Mark unread"} shortcut="toggleRead" onClick={onToggleUnread} className="hidden md:inline-flex">
            {unread ? <MailOpenIcon aria-hidden /> : <MailIcon aria-hidden />}
          </IconButton>
          <AssignButton thread={thread} assignee={assignee} note={assigneeNote} onAssign={onAssign} />
          <div className="hidden items-center gap-0.5 md:@xl:flex">
            <TypingMenu value={thread.typingIndicators} canManage={canManage} note={typingNote} onChange={onTypingIndicators} />
            <IconButton
              label="Delete conversation"
              disabledReason={canManage ? null : ONLY_MANAGERS_DELETE}
              onClick={() => setConfirmOpen(true)}
              className="hover:text-destructive"
            >
              <Trash2Icon aria-hidden />
            </IconButton>
          </div>
          <MoreMenu
            className="md:@xl:hidden"
            unread={unread}
            onToggleUnread={onToggleUnread}
            typing={thread.typingIndicators}
            typingNote={typingNote}
            canManage={canManage}
            onTypingIndicators={onTypingIndicators}
            onDelete={() => setConfirmOpen(true)}
          />
          <span className="mx-1 h-5 w-px bg-border" aria-hidden />
          <IconButton label={contactShown ? "Hide contact" : "Show contact"} shortcut="toggleContact" onClick={onToggleContact}>
            {contactShown ? <PanelRightCloseIcon aria-hidden /> : <PanelRightOpenIcon aria-hidden />}
          </IconButton>
        </div>
      </div>
      <StateBadges thread={thread} />

      <DeleteDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        name={name}
        platformName={platformName ?? "the platform"}
        deletesOnPlatform={deletesOnPlatform}
        deleting={deleting}
        onConfirm={onDelete}
      />
    </header>
  );
}

/** Through which account the conversation runs: its platform, its name and, when not active, its state. */
function AccountLine({ accountLink, platformName }: { accountLink: AccountLink | undefined; platformName: string | null }) {
  if (!accountLink) return <p className="h-4 text-xs text-muted-foreground">{platformName}</p>;
  const active = accountLink.status === "active";
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
      {platformName ? <span className="shrink-0">{platformName}</span> : null}
      {platformName ? <span aria-hidden>·</span> : null}
      <span className="inline-flex min-w-0 items-center gap-1.5" title={`Replies go out from ${accountLink.displayName}`}>
        <AccountStatusDot status={accountLink.status} />
        <span className="truncate">{accountLink.displayName}</span>
      </span>
      {active ? null : (
        <span className={cn("shrink-0 font-medium", accountLink.status === "paused" ? "text-amber-700 dark:text-amber-300" : "text-foreground")}>
          {accountStatusLabel(accountLink.status)}
        </span>
      )}
    </p>
  );
}

/** What sets this conversation apart: a message request, what the platform turned off, archived. */
function StateBadges({ thread }: { thread: Thread }) {
  if (!thread.isRequest && thread.restrictions.length === 0 && !thread.archived) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5 px-3 pb-2 @lg:px-4">
      {thread.isRequest ? (
        <Badge variant="warning" title="This person wrote to you for the first time. Replying accepts the request.">
          <MailQuestionIcon aria-hidden />
          Message request
        </Badge>
      ) : null}
      {thread.restrictions.length > 0 ? (
        <Badge variant="destructive">
          <BanIcon aria-hidden />
          Turned off here: {thread.restrictions.map(capabilityWords).join(", ")}
        </Badge>
      ) : null}
      {thread.archived ? (
        <Badge variant="secondary">
          <ArchiveIcon aria-hidden />
          Archived
        </Badge>
      ) : null}
    </div>
  );
}

function AssignButton({ thread, assignee, note, onAssign }: { thread: Thread; assignee: Member | undefined; note: string | null; onAssign: () => void }) {
  const viaContact = thread.assigneeSource === "contact";
  const who = assignee?.name ?? (thread.assigneeId ? "a former member" : null);
  const label = note ? `${note}. Change the conversation's assignee` : who ? `Assigned to ${who}${viaContact ? " through the contact" : ""}. Change assignee` : "Assign";
  const tip = note
    ? note
    : who
      ? viaContact
        ? `Assigned to ${who} because the contact is theirs. Assigning here sets this conversation's own assignee.`
        : `Assigned to ${who}`
      : "Nobody is assigned. Assign someone";
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="sm" className="h-8 max-w-60 gap-1.5 px-2 text-muted-foreground hover:text-foreground" aria-label={label} onClick={onAssign}>
          {assignee ? (
            <PersonAvatar name={assignee.name} src={assignee.avatarUrl} className="size-5 text-[0.5625rem]" />
          ) : who ? (
            <UserRoundIcon aria-hidden />
          ) : (
            <UserPlusIcon aria-hidden />
          )}
          <span className="hidden min-w-0 truncate @2xl:inline">{who ?? "Assign"}</span>
          {viaContact ? <span className="hidden shrink-0 text-xs font-normal text-muted-foreground @2xl:inline">via contact</span> : null}
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        {tip}
        <ShortcutHint id="assign" />
      </TooltipContent>
    </Tooltip>
  );
}

const CAPABILITY_WORDS: Record<string, string> = {
  "message:send": "sending",
  "thread:create": "new conversations",
  "message:edit": "editing",
  "message:unsend": "unsending",
  "message:react": "reactions",
  "thread:typing": "typing indicators",
  "thread:delete": "deleting on the platform",
};

/** A restricted capability in a few plain words; an unknown one as it came. */
function capabilityWords(capability: string): string {
  return CAPABILITY_WORDS[capability] ?? capability;
}
