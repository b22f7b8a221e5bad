"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuSub, DropdownMenuSubContent, DropdownMenuSubTrigger, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { EllipsisIcon, KeyboardIcon, LoaderCircleIcon, MailIcon, MailOpenIcon, Trash2Icon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

import { ONLY_MANAGERS_TYPING, TypingNote, TypingOptions, typingLabel, type TypingSetting } from "./typing-menu";

export const ONLY_MANAGERS_DELETE = "Only managers can delete conversations.";

/** On a narrow pane: the typing setting and delete, folded into one menu. */
export function MoreMenu({
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

export function DeleteDialog({
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
