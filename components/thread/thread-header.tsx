"use client";

import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  BanIcon,
  ChevronLeftIcon,
  EllipsisIcon,
  KeyboardIcon,
  LoaderCircleIcon,
  MailIcon,
  MailOpenIcon,
  MailQuestionIcon,
  PanelRightCloseIcon,
  PanelRightOpenIcon,
  Trash2Icon,
  UserPlusIcon,
  UserRoundIcon,
} from "lucide-react";
import { useState, type ReactNode } from "react";

import { AccountStatusDot, accountStatusLabel } from "@/components/inbox/account-status";
import { PersonAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { AccountLink } from "@/lib/api/platforms";
import type { Member } from "@/lib/api/team";
import type { TYPING_INDICATOR_SETTINGS, Thread } from "@/lib/api/threads";
import { personName } from "@/lib/client/format";

export type TypingSetting = (typeof TYPING_INDICATOR_SETTINGS)[number];

export const ONLY_MANAGERS_TYPING = "Only managers can change this.";
export const ONLY_MANAGERS_DELETE = "Only managers can delete conversations.";

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
  const [confirmOpen, setConfirmOpen] = useState(false);
  const name = personName(thread.profile);
  const handle = thread.profile?.handle && thread.profile.handle !== name ? thread.profile.handle : null;

  return (
    <header className="@container shrink-0 border-b bg-background">
      <div className="flex min-h-14 items-center gap-2 px-3 py-2 @lg:px-4">
        {onBack ? (
          <IconAction label="Back to the list" onClick={onBack} className="-ml-1">
            <ChevronLeftIcon aria-hidden />
          </IconAction>
        ) : null}
        <PersonAvatar name={name} src={thread.profile?.avatarUrl} className="hidden size-9 @sm:flex" />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-baseline gap-2">
            <h2 className="min-w-0 truncate text-sm font-semibold">{name}</h2>
            {handle ? <span className="hidden min-w-0 shrink-[4] truncate text-xs text-muted-foreground @xl:inline">{handle}</span> : null}
          </div>
          <AccountLine accountLink={accountLink} platformName={platformName} />
        </div>

        <div className="flex shrink-0 items-center gap-0.5">
          <IconAction label={thread.archived ? "Unarchive" : "Archive"} shortcut="E" onClick={onArchive}>
            {thread.archived ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveIcon aria-hidden />}
          </IconAction>
          {/* On phones it folds into the menu (a menu's items are outside the header, so by viewport). */}
          <IconAction label={unread ? "Mark read" : "Mark unread"} shortcut="U" onClick={onToggleUnread} className="hidden md:inline-flex">
            {unread ? <MailOpenIcon aria-hidden /> : <MailIcon aria-hidden />}
          </IconAction>
          <AssignButton thread={thread} assignee={assignee} onAssign={onAssign} />
          <div className="hidden items-center gap-0.5 md:@xl:flex">
            <TypingMenu value={thread.typingIndicators} canManage={canManage} note={typingNote} onChange={onTypingIndicators} />
            <IconAction
              label="Delete conversation"
              disabledReason={canManage ? null : ONLY_MANAGERS_DELETE}
              onClick={() => setConfirmOpen(true)}
              className="hover:text-destructive"
            >
              <Trash2Icon aria-hidden />
            </IconAction>
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
          <IconAction label={contactShown ? "Hide contact" : "Show contact"} shortcut="I" onClick={onToggleContact}>
            {contactShown ? <PanelRightCloseIcon aria-hidden /> : <PanelRightOpenIcon aria-hidden />}
          </IconAction>
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

function AssignButton({ thread, assignee, onAssign }: { thread: Thread; assignee: Member | undefined; onAssign: () => void }) {
  const viaContact = thread.assigneeSource === "contact";
  const who = assignee?.name ?? (thread.assigneeId ? "a former member" : null);
  const label = who ? `Assigned to ${who}${viaContact ? " through the contact" : ""}. Change assignee` : "Assign";
  const tip = who
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
        <Shortcut keys="A" />
      </TooltipContent>
    </Tooltip>
  );
}

// The default first: it is what most conversations use.
const TYPING_ORDER: readonly TypingSetting[] = ["teamDefault", "enabled", "disabled"];

const TYPING_LABELS: Record<TypingSetting, { label: string; hint: string }> = {
  teamDefault: { label: "Team default", hint: "Follow the team's setting (on)" },
  enabled: { label: "On", hint: "The person sees when you're typing" },
  disabled: { label: "Off", hint: "Never show that you're typing" },
};

function typingLabel(value: string): string {
  return TYPING_LABELS[value as TypingSetting]?.label ?? value;
}

/** The typing-indicator setting: a menu for managers, a disabled button with the reason for members. */
function TypingMenu({
  value,
  canManage,
  note,
  onChange,
}: {
  value: string;
  canManage: boolean;
  note: string | null;
  onChange: (setting: TypingSetting) => void;
}) {
  const label = `Typing indicators: ${typingLabel(value)}`;
  if (!canManage) {
    return (
      <IconAction label={label} disabledReason={note ? `${ONLY_MANAGERS_TYPING} ${note}` : ONLY_MANAGERS_TYPING}>
        <KeyboardIcon aria-hidden />
      </IconAction>
    );
  }
  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8 text-muted-foreground hover:text-foreground" aria-label={label}>
              <KeyboardIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>
          {label}
          {note ? <span className="block opacity-80">{note}</span> : null}
        </TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Typing indicators</DropdownMenuLabel>
        <TypingOptions value={value} onChange={onChange} />
        {note ? <TypingNote note={note} /> : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function TypingNote({ note }: { note: string }) {
  return (
    <>
      <DropdownMenuSeparator />
      <p className="px-2 py-1.5 text-xs text-muted-foreground">{note}</p>
    </>
  );
}

function TypingOptions({ value, onChange, disabled }: { value: string; onChange: (setting: TypingSetting) => void; disabled?: boolean }) {
  return (
    <DropdownMenuRadioGroup value={value} onValueChange={(next) => onChange(next as TypingSetting)}>
      {TYPING_ORDER.map((setting) => (
        <DropdownMenuRadioItem key={setting} value={setting} disabled={disabled} className="items-start">
          <span className="flex flex-col">
            <span>{TYPING_LABELS[setting].label}</span>
            <span className="text-xs text-muted-foreground">{TYPING_LABELS[setting].hint}</span>
          </span>
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

/** On a narrow pane: the typing setting and delete, folded into one menu. */
function MoreMenu({
  className,
  unread,
  onToggleUnread,
  typing,
  typingNote,
  canManage,
  onTypingIndicators,
  onDelete,
}: {
  className?: string;
  unread: boolean;
  onToggleUnread: () => void;
  typing: string;
  typingNote: string | null;
  canManage: boolean;
  onTypingIndicators: (setting: TypingSetting) => void;
  onDelete: () => void;
}) {
  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className={cn("size-8 text-muted-foreground hover:text-foreground", className)} aria-label="More actions">
              <EllipsisIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>More actions</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuItem className="md:hidden" onSelect={onToggleUnread}>
          {unread ? <MailOpenIcon aria-hidden /> : <MailIcon aria-hidden />}
          {unread ? "Mark read" : "Mark unread"}
        </DropdownMenuItem>
        <DropdownMenuSeparator className="md:hidden" />
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <KeyboardIcon aria-hidden />
            <span className="flex-1 whitespace-nowrap">Typing indicators</span>
            <span className="text-xs whitespace-nowrap text-muted-foreground">{typingLabel(typing)}</span>
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent className="w-64">
            {canManage ? null : <DropdownMenuLabel className="font-normal">{ONLY_MANAGERS_TYPING}</DropdownMenuLabel>}
            <TypingOptions value={typing} onChange={onTypingIndicators} disabled={!canManage} />
            {typingNote ? <TypingNote note={typingNote} /> : null}
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={!canManage} onSelect={onDelete}>
          <Trash2Icon aria-hidden />
          Delete conversation…
        </DropdownMenuItem>
        {canManage ? null : <DropdownMenuLabel className="pt-0 font-normal">{ONLY_MANAGERS_DELETE}</DropdownMenuLabel>}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function DeleteDialog({
  open,
  onOpenChange,
  name,
  platformName,
  deletesOnPlatform,
  deleting,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  platformName: string;
  deletesOnPlatform: boolean;
  deleting: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Delete this conversation?</DialogTitle>
          <DialogDescription>
            {deletesOnPlatform
              ? `The conversation with ${name} will be deleted from the inbox and on ${platformName} too, for everyone on your team. This can't be undone.`
              : `The conversation with ${name} will be removed from the inbox for everyone on your team. It stays on ${platformName}: this account can't delete it there right now.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={deleting}>
            {deleting ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <Trash2Icon aria-hidden />}
            {deleting ? "Deleting…" : "Delete conversation"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * An icon button with its name as a tooltip. A disabled one stays focusable (aria-disabled)
 * so keyboard and pointer users can still read why.
 */
function IconAction({
  label,
  shortcut,
  disabledReason,
  onClick,
  className,
  children,
}: {
  label: string;
  shortcut?: string;
  disabledReason?: string | null;
  onClick?: () => void;
  className?: string;
  children: ReactNode;
}) {
  const disabled = Boolean(disabledReason);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn(
            "size-8 text-muted-foreground hover:text-foreground aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent aria-disabled:hover:text-muted-foreground",
            className,
          )}
          aria-label={label}
          aria-disabled={disabled || undefined}
          onClick={disabled ? undefined : onClick}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>
        {label}
        {shortcut ? <Shortcut keys={shortcut} /> : null}
        {disabledReason ? <span className="block opacity-80">{disabledReason}</span> : null}
      </TooltipContent>
    </Tooltip>
  );
}

function Shortcut({ keys }: { keys: string }) {
  return (
    <span className="ml-2 rounded border border-background/30 px-1 font-mono text-[0.625rem] opacity-70" aria-hidden>
      {keys}
    </span>
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
