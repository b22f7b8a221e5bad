"use client";

import { cn } from "@/components/ui/cn";
import { IconButton } from "@/components/ui/icon-button";
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from "@/components/ui/icons";
import type { Rule } from "@/lib/api/rules";
import { ruleSentence, type RuleNames } from "@/lib/client/rule-sentences";

/** One rule in the ordered list: its place, name and sentence, an on/off switch, moves, edit and delete. */
export function RuleRow({
  rule,
  place,
  count,
  names,
  onToggle,
  onMove,
  onEdit,
  onDelete,
}: {
  rule: Rule;
  /** 1 first. */
  place: number;
  count: number;
  names: RuleNames;
  onToggle: (enabled: boolean) => void;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className={cn("flex items-start gap-3 px-3 py-2.5", !rule.enabled && "bg-muted/30")}>
      <span className="mt-0.5 w-5 shrink-0 text-right text-sm text-muted-foreground tabular-nums" aria-hidden>
        {place}.
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium">{rule.name}</span>
          {rule.stopAfter ? <span className="text-xs text-muted-foreground">stops the rules after it</span> : null}
          {rule.enabled ? null : <span className="text-xs text-muted-foreground">off</span>}
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground">{ruleSentence(rule, names)}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <button
          type="button"
          role="switch"
          aria-checked={rule.enabled}
          aria-label={`${rule.name} on`}
          onClick={() => onToggle(!rule.enabled)}
          className={cn(
            "relative mr-1 inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
            rule.enabled ? "bg-primary" : "bg-input",
          )}
        >
          <span className={cn("block size-4 rounded-full bg-background shadow transition-transform", rule.enabled ? "translate-x-4" : "translate-x-0")} />
        </button>
        <IconButton label={`Move ${rule.name} up`} disabled={place === 1} onClick={() => onMove(-1)}>
          <ArrowUpIcon aria-hidden />
        </IconButton>
        <IconButton label={`Move ${rule.name} down`} disabled={place === count} onClick={() => onMove(1)}>
          <ArrowDownIcon aria-hidden />
        </IconButton>
        <IconButton label={`Edit ${rule.name}`} onClick={onEdit}>
          <PencilIcon aria-hidden />
        </IconButton>
        <IconButton label={`Delete ${rule.name}`} onClick={onDelete}>
          <Trash2Icon aria-hidden />
        </IconButton>
      </div>
    </li>
  );
}
