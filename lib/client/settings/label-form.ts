import { ERROR_SENTENCES } from "@/lib/api/errors";
import { COLOR_NAME_PATTERN, HEX_COLOR_PATTERN, LABEL_NAME_MAX, type Color, type ColorValue } from "@/lib/api/labels";

/**
 * The words and checks of the "Tags and statuses" settings: what a name or a custom color may
 * be, and the sentences the forms and the delete confirmation say. The API decides in the end
 * (a race can still answer 409); these checks only save a round trip and say it sooner.
 */
export type LabelKind = "tag" | "status";

/** Why `name` can't be a label's name, or null when it can. `exceptId` is the label being renamed. */
export function nameProblem(
  kind: LabelKind,
  name: string,
  existing: readonly { id: string; name: string }[] | undefined,
  exceptId: string | null = null,
): string | null {
  const trimmed = name.trim();
  if (!trimmed) return `Enter a name for the ${kind}.`;
  if (trimmed.length > LABEL_NAME_MAX) return `${capitalize(kind)} names can be at most ${LABEL_NAME_MAX} characters.`;
  // Names are unique per team regardless of case; the sentence is the API's own for a 409.
  const lower = trimmed.toLowerCase();
  if (existing?.some((label) => label.id !== exceptId && label.name.trim().toLowerCase() === lower)) {
    return kind === "tag" ? ERROR_SENTENCES.duplicateTag : ERROR_SENTENCES.duplicateStatus;
  }
  return null;
}

export const CUSTOM_COLOR_PROBLEM = "Enter a color as #rrggbb, such as #2563eb.";

/**
 * A typed custom color as the API's `#rrggbb` (lower case), or null when it isn't one.
 * Forgives a missing `#` and the three-digit short form, as color fields usually do.
 */
export function parseCustomColor(input: string): string | null {
  let value = input.trim();
  if (!value.startsWith("#")) value = `#${value}`;
  if (/^#[0-9a-fA-F]{3}$/.test(value)) value = `#${[...value.slice(1)].map((digit) => digit + digit).join("")}`;
  return HEX_COLOR_PATTERN.test(value) ? value.toLowerCase() : null;
}

/** What to call a color for people: "Blue" for a predefined one, "#12ab34" for a custom one. */
export function colorName(color: ColorValue, colors: readonly Color[] | undefined): string {
  if (HEX_COLOR_PATTERN.test(color)) return color.toLowerCase();
  if (COLOR_NAME_PATTERN.test(color) && (!colors || colors.some((c) => c.name === color))) return capitalize(humanize(color));
  return color;
}

/** Whether a color is one of the predefined ones (by name, or by the same hex value). */
export function isPredefined(color: ColorValue, colors: readonly Color[] | undefined): boolean {
  return !!colors?.some((c) => c.name === color || c.hex.toLowerCase() === color.toLowerCase());
}

/** The delete confirmation's question. */
export function deleteQuestion(kind: LabelKind, name: string): string {
  return `Delete the ${kind} “${name}”?`;
}

/** How many contacts carry a label, as counted before deleting it. */
export type LabelUsage = {
  count: number;
  /** False when counting stopped early: `count` is then a lower bound. */
  complete: boolean;
};

/** What deleting does to the contacts that carry the label, in one sentence. */
export function usageSentence(kind: LabelKind, usage: LabelUsage): string {
  const { count, complete } = usage;
  const people = `${complete ? "" : "At least "}${count.toLocaleString("en-US")} contact${count === 1 ? "" : "s"}`;
  const many = count !== 1 || !complete;
  if (kind === "tag") {
    if (count === 0 && complete) return "No contact carries it.";
    return many ? `${people} carry it; it will be removed from them.` : `${people} carries it; it will be removed from that contact.`;
  }
  if (count === 0 && complete) return "No contact is at this stage.";
  return many
    ? `${people} are at this stage; they will be left without a status.`
    : `${people} is at this stage; it will be left without a status.`;
}

/**
 * The position a status takes when moved one step up (-1) or down (+1) in the pipeline, or
 * null when it is already at that end. `pipeline` is in order.
 */
export function movedPosition(pipeline: readonly { id: string }[], id: string, step: -1 | 1): number | null {
  const from = pipeline.findIndex((status) => status.id === id);
  if (from < 0) return null;
  const to = from + step;
  return to < 0 || to >= pipeline.length ? null : to;
}

/** `list` with the item `id` moved to index `to`, every `position` renumbered 0..n-1. */
export function moveInPipeline<T extends { id: string; position: number }>(list: readonly T[], id: string, to: number): T[] {
  const next = [...list];
  const from = next.findIndex((item) => item.id === id);
  if (from < 0) return next;
  const [moving] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moving!);
  return next.map((item, index) => (item.position === index ? item : { ...item, position: index }));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `skyBlue` → `sky blue`: predefined names are camel case. */
function humanize(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
