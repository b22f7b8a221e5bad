"use client";

import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode, type Ref } from "react";

import { ColorMenu, LabelSwatch } from "@/components/settings/labels/color";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ArrowDownIcon, ArrowUpIcon, CheckIcon, PencilIcon, Trash2Icon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Color } from "@/lib/api/labels";
import { errorMessage } from "@/lib/client/errors";
import { nameProblem, type LabelKind } from "@/lib/client/settings/label-form";
import type { Label } from "@/lib/client/mutations/labels";

export type RowMove = {
  /** The row's place in the pipeline, 0 first. */
  index: number;
  count: number;
  onMove: (step: -1 | 1) => void;
  /** The move buttons' element IDs, so focus can follow the row after a move. */
  buttonId: (step: -1 | 1) => string;
};

/**
 * One tag or status: its swatch and name and, for managers, its actions — recolor (the
 * swatch), rename (inline), move (statuses) and delete.
 */
export function LabelRow({
  kind,
  label,
  colors,
  existing,
  canEdit,
  renaming,
  move,
  onStartRename,
  onEndRename,
  onRename,
  onRecolor,
  onDelete,
}: {
  kind: LabelKind;
  label: Label;
  colors: readonly Color[] | undefined;
  /** The kind's labels, to catch a taken name before asking the API. */
  existing: readonly Label[];
  canEdit: boolean;
  renaming: boolean;
  move?: RowMove;
  onStartRename: () => void;
  onEndRename: () => void;
  /** Resolves when saved; rejects with the API's error. */
  onRename: (name: string) => Promise<unknown>;
  onRecolor: (color: string) => void;
  onDelete: () => void;
}) {
  const renameButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const noun = kind === "tag" ? "tag" : "status";

  // Back on the rename button after Enter or Escape, as after closing any editor.
  useEffect(() => {
    if (!renaming && refocus.current) {
      refocus.current = false;
      renameButton.current?.focus();
    }
  }, [renaming]);

  const end = (restoreFocus: boolean) => {
    refocus.current = restoreFocus;
    onEndRename();
  };

  return (
    <li className="flex min-h-12 items-center gap-2 px-3 py-1.5">
      {move ? (
        <span className="w-5 shrink-0 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
          {move.index + 1}
        </span>
      ) : null}
      {canEdit ? (
        <ColorMenu kind={kind} labelName={label.name} color={label.color} colors={colors} onChange={onRecolor} />
      ) : (
        <span className="inline-flex size-8 shrink-0 items-center justify-center">
          <LabelSwatch kind={kind} color={label.color} colors={colors} className="size-3.5" />
        </span>
      )}
      {renaming ? (
        <RenameField kind={kind} label={label} existing={existing} onSave={onRename} onDone={end} />
      ) : (
        <>
          <span className="min-w-0 flex-1 truncate text-sm font-medium">
            {move ? <span className="sr-only">Stage {move.index + 1}: </span> : null}
            {label.name}
          </span>
          {canEdit ? (
            <div className="flex shrink-0 items-center gap-0.5">
              {move ? (
                <>
                  <IconButton
                    id={move.buttonId(-1)}
                    label={`Move ${label.name} up`}
                    tooltip="Earlier in the pipeline"
                    disabled={move.index === 0}
                    onClick={() => move.onMove(-1)}
                  >
                    <ArrowUpIcon aria-hidden />
                  </IconButton>
                  <IconButton
                    id={move.buttonId(1)}
                    label={`Move ${label.name} down`}
                    tooltip="Later in the pipeline"
                    disabled={move.index === move.count - 1}
                    onClick={() => move.onMove(1)}
                  >
                    <ArrowDownIcon aria-hidden />
                  </IconButton>
                </>
              ) : null}
              <IconButton ref={renameButton} label={`Rename ${noun} ${label.name}`} tooltip="Rename" onClick={onStartRename}>
                <PencilIcon aria-hidden />
              </IconButton>
              <IconButton label={`Delete ${noun} ${label.name}`} tooltip="Delete" onClick={onDelete} className="hover:text-destructive">
                <Trash2Icon aria-hidden />
              </IconButton>
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}

/** The inline rename: Enter saves, Escape cancels; a refusal shows under it and keeps the text. */
function RenameField({
  kind,
  label,
  existing,
  onSave,
  onDone,
}: {
  kind: LabelKind;
  label: Label;
  existing: readonly Label[];
  onSave: (name: string) => Promise<unknown>;
  onDone: (restoreFocus: boolean) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(label.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const noun = kind === "tag" ? "tag" : "status";

  const save = async () => {
    if (pending) return;
    const name = value.trim();
    if (name === label.name) return onDone(true);
    const local = nameProblem(kind, name, existing, label.id);
    if (local) return setProblem(local);
    setPending(true);
    try {
      await onSave(name);
      onDone(true);
    } catch (error) {
      setProblem(errorMessage(error));
      setPending(false);
    }
  };

  return (
    <div className="min-w-0 flex-1">
      <div className="flex items-center gap-1">
        <Input
          autoFocus
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void save();
            } else if (event.key === "Escape") {
              // Escape belongs to this field, not to whatever surrounds the page.
              event.preventDefault();
              event.stopPropagation();
              onDone(true);
            }
          }}
          onBlur={(event) => {
            // Leaving an unchanged name is cancelling; a changed one stays until saved or cancelled.
            const within = event.relatedTarget instanceof Node && event.currentTarget.parentElement?.contains(event.relatedTarget);
            if (!within && !pending && value.trim() === label.name) onDone(false);
          }}
          readOnly={pending}
          aria-label={`New name for ${noun} ${label.name}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
          autoComplete="off"
          className="h-8"
        />
        <IconButton label="Save the name" tooltip="Save (Enter)" onClick={() => void save()} disabled={pending}>
          <CheckIcon aria-hidden />
        </IconButton>
        <IconButton label="Cancel renaming" tooltip="Cancel (Escape)" onClick={() => onDone(true)} disabled={pending}>
          <XIcon aria-hidden />
        </IconButton>
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-xs text-destructive">
          {problem}
        </p>
      ) : (
        <p id={`${id}-hint`} className="sr-only">
          Enter saves, Escape cancels.
        </p>
      )}
    </div>
  );
}

function IconButton({
  label,
  tooltip,
  children,
  ref,
  className,
  ...props
}: {
  label: string;
  tooltip: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
} & Omit<ComponentProps<typeof Button>, "children" | "aria-label">) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button ref={ref} variant="ghost" size="icon" aria-label={label} className={cn("size-8 text-muted-foreground", className)} {...props}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tooltip}</TooltipContent>
    </Tooltip>
  );
}
