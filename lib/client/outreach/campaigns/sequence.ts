import {
  delayStepData,
  FIRST_NAME_VARIABLE,
  messageStepData,
  type Campaign,
  type Segment,
  type Step,
} from "@/lib/api/outreach/campaigns";
import { customDataKey, type Lead, type List } from "@/lib/api/outreach/leads";

/**
 * A campaign's sequence as the page draws it: its versions (the highest, `activeVersion`, is the
 * one that runs), each version's steps in rank order with their data read through the contract's
 * schemas, delays in the unit the campaign chose, and a message's preview for one real lead.
 */
export type SequenceStep =
  | { kind: "message"; id: string; segments: Segment[] }
  | { kind: "delay"; id: string; amount: number; unit: "minutes" | "hours" | "days" }
  | { kind: "likePost"; id: string }
  /** A step type or data this inbox does not know: shown as what it is, never dropped silently. */
  | { kind: "unknown"; id: string; type: string };

/** The versions a campaign has, newest first. */
export function versionsOf(campaign: Pick<Campaign, "steps" | "activeVersion">): number[] {
  const versions = new Set(campaign.steps.map((s) => s.campaignVersion));
  if (campaign.activeVersion > 0) versions.add(campaign.activeVersion);
  return [...versions].sort((a, b) => b - a);
}

export function stepsOf(steps: readonly Step[], version: number): SequenceStep[] {
  return steps
    .filter((s) => s.campaignVersion === version)
    .sort((a, b) => a.rank - b.rank)
    .map(readStep);
}

function readStep(step: Step): SequenceStep {
  if (step.type === "message") {
    const data = messageStepData.safeParse(step.data);
    if (data.success) return { kind: "message", id: step.id, segments: data.data.segments };
  } else if (step.type === "delay") {
    const data = delayStepData.safeParse(step.data);
    if (data.success) return { kind: "delay", id: step.id, amount: delayAmount(data.data.delaySeconds, data.data.unit), unit: data.data.unit };
  } else if (step.type === "likePost") {
    return { kind: "likePost", id: step.id };
  }
  return { kind: "unknown", id: step.id, type: step.type };
}

const UNIT_SECONDS = { minutes: 60, hours: 3_600, days: 86_400 } as const;

/** The delay in its unit, to at most one decimal (a 36-hour wait set in days reads "1.5 days"). */
export function delayAmount(seconds: number, unit: keyof typeof UNIT_SECONDS): number {
  return Math.round((seconds / UNIT_SECONDS[unit]) * 10) / 10;
}

/** "Wait 3 days", "Wait 1 hour". */
export function delayLabel(amount: number, unit: keyof typeof UNIT_SECONDS): string {
  const singular = unit.slice(0, -1);
  return `Wait ${amount.toLocaleString("en-US")} ${amount === 1 ? singular : unit}`;
}

/** The variables a sequence uses, in the order they first appear. */
export function variablesUsed(steps: readonly SequenceStep[]): string[] {
  const names: string[] = [];
  for (const step of steps) {
    if (step.kind !== "message") continue;
    for (const segment of step.segments) if (segment.type === "variable" && !names.includes(segment.name)) names.push(segment.name);
  }
  return names;
}

/**
 * A variable's value for one lead, as the service fills it when it sends: `first-name` is the
 * first word of the display name (else the username); any other name is the list's custom
 * column of that name (`company` ↔ "Company"), else data stored under the name, else the
 * prospect's field of that name (`location`, `display-name`…). Null when there is none, so the
 * preview can say so instead of sending a gap.
 */
export function variableValue(name: string, lead: Pick<Lead, "prospect" | "data">, columns: List["columns"] | undefined): string | null {
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : typeof value === "number" ? String(value) : null);
  if (name === FIRST_NAME_VARIABLE) return text(lead.prospect.displayName?.trim().split(/\s+/)[0]) ?? text(lead.prospect.username);
  const column = Object.values(columns ?? {}).find((c) => slug(c.name) === slug(name));
  const stored = column ? lead.data[customDataKey(column.id)] : (lead.data[name] ?? lead.data[customDataKey(name)]);
  const fromData = text(stored);
  if (fromData !== null) return fromData;
  const field = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return text((lead.prospect as Record<string, unknown>)[field]);
}

/** A message's parts for the preview: text as it reads, the first variation, variables filled or marked missing. */
export type PreviewPart = { kind: "text"; text: string } | { kind: "value"; name: string; text: string } | { kind: "missing"; name: string };

export function previewOf(segments: readonly Segment[], value: (name: string) => string | null): PreviewPart[] {
  return segments.map((segment) => {
    if (segment.type === "static") return { kind: "text", text: segment.text };
    if (segment.type === "variation") return { kind: "text", text: segment.options[0] ?? "" };
    const filled = value(segment.name);
    return filled === null ? { kind: "missing", name: segment.name } : { kind: "value", name: segment.name, text: filled };
  });
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
