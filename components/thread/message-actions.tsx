"use client";

import { useId, useRef, useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PencilIcon, SmilePlusIcon, Trash2Icon } from "@/components/ui/icons";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { CapabilityCheck } from "@/lib/api/capabilities";
import type { DeleteScope } from "@/lib/api/messages";
import { capabilityReason } from "@/lib/client/capability-reasons";

import { ReactionPicker } from "./emoji-picker";

/** What the capability rule says, right now, about each action on one message. */
export type MessageChecks = { edit: CapabilityCheck; unsend: CapabilityCheck; react: CapabilityCheck };
/** Why each action is unavailable, as a sentence, or null when it is available. */
export type ActionReasons = { edit: string | null; unsend: string | null; react: string | null };

/** The reason an action is unavailable on a message, as a sentence ("… to edit this message"). */
export function actionReason(check: CapabilityCheck, verb: string): string | null {
  return capabilityReason(check, `${verb} this message`);
}

/**
 * The toolbar that appears on a message when it is hovered or focused: react, and for the
 * team's own messages edit and unsend. An action the rule denies stays visible but disabled,
 * its tooltip saying why (`aria-disabled`, so it can still be focused and explained).
 *
 * It is hidden with `visibility`, which also takes it out of the tab order: Tab reaches a
 * message's actions only from that message.
 */
export function MessageActions({
  reasons,
  outbound,
  ownEmojis,
  onEdit,
  onUnsend,
  onToggleReaction,
  className,
}: {
  reasons: ActionReasons;
  outbound: boolean;
  ownEmojis: ReadonlySet<string>;
  onEdit: () => void;
  onUnsend: (scope: DeleteScope) => void;
  onToggleReaction: (emoji: string, mine: boolean) => void;
  className?: string;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [unsendOpen, setUnsendOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  // After a popover or dialog closes, focus goes back through the message (which makes this
  // toolbar visible again) to the button that opened it.
  const refocus = (event: Event, selector: string) => {
    event.preventDefault();
    const root = rootRef.current;
    root?.closest<HTMLElement>("[data-message-id]")?.focus({ preventScroll: true });
    root?.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  };

  return (
    <div
      ref={rootRef}
      role="toolbar"
      aria-label="Message actions"
      data-open={pickerOpen || unsendOpen || undefined}
      className={cn(
        "invisible flex items-center gap-0.5 rounded-lg border bg-popover p-0.5 text-popover-foreground shadow-sm group-focus-within/message:visible group-hover/message:visible data-[open]:visible",
        className,
      )}
    >
      <Popover open={pickerOpen} onOpenChange={setPickerOpen}>
        <ActionButton label="React" reason={reasons.react} asPopoverTrigger data-action="react">
          <SmilePlusIcon aria-hidden />
        </ActionButton>
        <PopoverContent
          aria-label="Add a reaction"
          align={outbound ? "end" : "start"}
          className="w-auto overflow-hidden p-0"
          onCloseAutoFocus={(e) => refocus(e, "[data-action=react]")}
        >
          <ReactionPicker
            ownEmojis={ownEmojis}
            onPick={(emoji, mine) => {
              setPickerOpen(false);
              onToggleReaction(emoji, mine);
            }}
          />
        </PopoverContent>
      </Popover>
      {outbound ? (
        <>
          <ActionButton label="Edit" reason={reasons.edit} onClick={onEdit} data-action="edit">
            <PencilIcon aria-hidden />
          </ActionButton>
          <ActionButton label="Unsend" reason={reasons.unsend} onClick={() => setUnsendOpen(true)} data-action="unsend">
            <Trash2Icon aria-hidden />
          </ActionButton>
          <UnsendDialog
            open={unsendOpen}
            onOpenChange={setUnsendOpen}
            onConfirm={(scope) => {
              setUnsendOpen(false);
              onUnsend(scope);
            }}
            onCloseAutoFocus={(e) => refocus(e, "[data-action=unsend]")}
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * One icon button with its name in a tooltip, or the reason it is unavailable. As a popover
 * trigger it opens the popover only when enabled.
 */
function ActionButton({
  label,
  reason,
  onClick,
  asPopoverTrigger,
  children,
  ...rest
}: {
  label: string;
  reason: string | null;
  onClick?: () => void;
  asPopoverTrigger?: boolean;
  children: ReactNode;
  "data-action": string;
}) {
  const disabled = reason !== null;
  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="size-7 text-muted-foreground hover:text-foreground aria-disabled:cursor-not-allowed aria-disabled:opacity-45 aria-disabled:hover:bg-transparent"
      aria-label={label}
      aria-disabled={disabled || undefined}
      onClick={(event) => {
        if (disabled) {
          // A disabled popover trigger must not open its popover.
          event.preventDefault();
          return;
        }
        onClick?.();
      }}
      {...rest}
    >
      {children}
    </Button>
  );
  return (
    <Tooltip>
      {asPopoverTrigger ? (
        <PopoverTrigger asChild>
          <TooltipTrigger asChild>{button}</TooltipTrigger>
        </PopoverTrigger>
      ) : (
        <TooltipTrigger asChild>{button}</TooltipTrigger>
      )}
      <TooltipContent side="top">{reason ? <span>{label}: {reason}</span> : label}</TooltipContent>
    </Tooltip>
  );
}

/** Confirms an unsend and asks how far: on the platform for everyone, or only in the team's inbox. */
export function UnsendDialog({
  open,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (scope: DeleteScope) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [scope, setScope] = useState<DeleteScope>("all");
  const name = useId();
  const options: { value: DeleteScope; title: string; hint: string }[] = [
    { value: "all", title: "For everyone", hint: "Removes it on the platform too; the person no longer sees it." },
    { value: "self", title: "Only for the team", hint: "Hides it in this inbox; the person still sees it." },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Unsend this message?</DialogTitle>
          <DialogDescription>This can&apos;t be undone.</DialogDescription>
        </DialogHeader>
        <form
          id={`${name}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(scope);
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="sr-only">Who it is removed for</legend>
            {options.map((option) => (
              <label
                key={option.value}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                  scope === option.value ? "border-primary/60 bg-primary/5" : "hover:bg-accent/60",
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={scope === option.value}
                  onChange={() => setScope(option.value)}
                  className="mt-0.5 size-4 accent-primary outline-none"
                />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">{option.title}</span>
                  <span className="text-xs text-muted-foreground">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" type="submit" form={`${name}-form`}>
            Unsend
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
