"use client";

import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { IconButton } from "@/components/ui/icon-button";
import { KeyboardIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { TYPING_INDICATOR_SETTINGS } from "@/lib/api/threads";

/** The conversation's typing-indicator setting: a menu for managers, the reason for others. */
export type TypingSetting = (typeof TYPING_INDICATOR_SETTINGS)[number];

export const ONLY_MANAGERS_TYPING = "Only managers can change this.";

// The default first: it is what most conversations use.
const TYPING_ORDER: readonly TypingSetting[] = ["teamDefault", "enabled", "disabled"];

const TYPING_LABELS: Record<TypingSetting, { label: string; hint: string }> = {
  teamDefault: { label: "Team default", hint: "Follow the team's setting (on)" },
  enabled: { label: "On", hint: "The person sees when you're typing" },
  disabled: { label: "Off", hint: "Never show that you're typing" },
};

export function typingLabel(value: string): string {
  return TYPING_LABELS[value as TypingSetting]?.label ?? value;
}

/** The typing-indicator setting: a menu for managers, a disabled button with the reason for members. */
export function TypingMenu({
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
      <IconButton label={label} disabledReason={note ? `${ONLY_MANAGERS_TYPING} ${note}` : ONLY_MANAGERS_TYPING}>
        <KeyboardIcon aria-hidden />
      </IconButton>
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

export function TypingNote({ note }: { note: string }) {
  return (
    <>
      <DropdownMenuSeparator />
      <p className="px-2 py-1.5 text-xs text-muted-foreground">{note}</p>
    </>
  );
}

export function TypingOptions({ value, onChange, disabled }: { value: string; onChange: (setting: TypingSetting) => void; disabled?: boolean }) {
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
