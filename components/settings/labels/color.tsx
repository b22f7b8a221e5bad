"use client";

import { useId, useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CheckIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Color, ColorValue } from "@/lib/api/labels";
import { colorHex } from "@/lib/client/format";
import { colorName, CUSTOM_COLOR_PROBLEM, parseCustomColor, type LabelKind } from "@/lib/client/settings/label-form";

/** A label's color as the rest of the app draws it: round for tags, square for statuses. */
export function LabelSwatch({ kind, color, colors, className }: { kind: LabelKind; color: ColorValue; colors: readonly Color[] | undefined; className?: string }) {
  return (
    <span
      className={cn("size-3 shrink-0 ring-1 ring-black/10 ring-inset dark:ring-white/15", kind === "tag" ? "rounded-full" : "rounded-[3px]", className)}
      style={{ backgroundColor: colorHex(color, colors) }}
      aria-hidden
    />
  );
}

/**
 * The new-label form's color: the predefined colors as radio swatches (one tab stop, arrows
 * move between them) and a custom `#rrggbb` field. Typing a custom color unselects the
 * swatches; choosing a swatch clears the custom field.
 */
export function ColorChoice({
  value,
  custom,
  colors,
  customInvalid,
  customDescribedBy,
  disabled,
  onChoose,
  onCustomChange,
}: {
  /** The chosen predefined color's name, or null while the custom field decides. */
  value: string | null;
  custom: string;
  colors: readonly Color[] | undefined;
  customInvalid: boolean;
  /** The ID of the sentence saying what is wrong with the custom color. */
  customDescribedBy?: string;
  disabled?: boolean;
  onChoose: (name: string) => void;
  onCustomChange: (text: string) => void;
}) {
  const id = useId();
  const parsed = parseCustomColor(custom);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="flex flex-wrap items-center gap-1.5">
        <span id={`${id}-label`} className="mr-1 text-sm text-muted-foreground">
          Color
        </span>
        {colors
          ? colors.map((color) => (
              <label key={color.name} className="relative inline-flex cursor-pointer">
                <input
                  type="radio"
                  name={`${id}-color`}
                  value={color.name}
                  checked={value === color.name}
                  disabled={disabled}
                  onChange={() => onChoose(color.name)}
                  aria-label={colorName(color.name, colors)}
                  // Over the swatch but invisible: a native radio, clicked where it is drawn.
                  className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                />
                <span
                  className="inline-flex size-6 items-center justify-center rounded-full ring-offset-2 ring-offset-card peer-checked:ring-2 peer-checked:ring-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
                  style={{ backgroundColor: color.hex }}
                  title={colorName(color.name, colors)}
                  aria-hidden
                >
                  {value === color.name ? <CheckIcon className="size-3.5 text-white" aria-hidden /> : null}
                </span>
              </label>
            ))
          : Array.from({ length: 8 }, (_, i) => <span key={i} className="size-6 animate-pulse rounded-full bg-muted" aria-hidden />)}
      </div>
      <div className="flex items-center gap-2">
        <span
          className={cn("size-6 shrink-0 rounded-full border", parsed ? "border-transparent" : "border-dashed border-muted-foreground/50")}
          style={parsed ? { backgroundColor: parsed } : undefined}
          aria-hidden
        />
        <Input
          value={custom}
          onChange={(event) => onCustomChange(event.target.value)}
          aria-label="Custom color"
          aria-invalid={customInvalid || undefined}
          aria-describedby={customDescribedBy}
          placeholder="Custom #rrggbb"
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
          className="h-8 w-36 font-mono text-[0.8125rem]"
        />
      </div>
    </div>
  );
}

/**
 * A label's swatch as a button opening its color choices: a predefined color applies at
 * once; a custom one applies with Enter or "Apply".
 */
export function ColorMenu({
  kind,
  labelName,
  color,
  colors,
  onChange,
}: {
  kind: LabelKind;
  labelName: string;
  color: ColorValue;
  colors: readonly Color[] | undefined;
  onChange: (color: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const currentHex = colorHex(color, colors).toLowerCase();

  const choose = (next: string) => {
    setOpen(false);
    if (next !== color) onChange(next);
  };
  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCustomColor(custom);
    if (!parsed) return setProblem(CUSTOM_COLOR_PROBLEM);
    choose(parsed);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(null);
        setCustom(next && color.startsWith("#") ? color.toLowerCase() : "");
      }}
    >
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Change the color of ${labelName}`}>
              <LabelSwatch kind={kind} color={color} colors={colors} className="size-3.5" />
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>Change color ({colorName(color, colors)})</TooltipContent>
      </Tooltip>
      <PopoverContent align="start" className="w-64 p-3" aria-label={`Color of ${labelName}`}>
        <p className="mb-2 text-xs font-medium text-muted-foreground">Color of {labelName}</p>
        <div className="grid grid-cols-6 gap-1.5">
          {colors?.map((option) => {
            const current = option.name === color || option.hex.toLowerCase() === currentHex;
            return (
              <button
                key={option.name}
                type="button"
                onClick={() => choose(option.name)}
                aria-label={colorName(option.name, colors)}
                aria-pressed={current}
                title={colorName(option.name, colors)}
                className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md ring-offset-2 ring-offset-popover outline-none focus-visible:ring-[3px] focus-visible:ring-ring/70 aria-pressed:ring-2 aria-pressed:ring-foreground"
                style={{ backgroundColor: option.hex }}
              >
                {current ? <CheckIcon className="size-4 text-white" aria-hidden /> : null}
              </button>
            );
          })}
        </div>
        <form onSubmit={applyCustom} className="mt-3 border-t pt-3" noValidate>
          <div className="flex items-center gap-2">
            <Input
              value={custom}
              onChange={(event) => {
                setCustom(event.target.value);
                setProblem(null);
              }}
              aria-label="Custom color"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              placeholder="#rrggbb"
              spellCheck={false}
              autoComplete="off"
              className="h-8 font-mono text-[0.8125rem]"
            />
            <Button type="submit" variant="outline" size="sm">
              Apply
            </Button>
          </div>
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="mt-2 text-xs text-destructive">
              {problem}
            </p>
          ) : null}
        </form>
      </PopoverContent>
    </Popover>
  );
}
