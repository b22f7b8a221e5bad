import { z } from "zod";
import type { SandboxContext } from "../context";
import { isSunset } from "../v1/http";

/**
 * What a webhook subscription receives, and how that may change: every rule of the formats
 * in one place. Subscriptions belong to the control API, so where the spec (api-v2 "Events"
 * rule 5, api-v1-and-outreach "Events" and "Versioning") says no more, these are our choices.
 *
 * | Format | Body | Events | Delivery |
 * | --- | --- | --- | --- |
 * | `v2` (default) | the v2 event, as GET /v2/events shows it | every event | once |
 * | `v1` | `{ id, seq, teamId, type, timestamp, version: 1.0, data }`, as GET /v1/events shows it | those with a v1 type; the others are skipped | once |
 * | `legacy` | `{ event, version: 1.0, timestamp, platform, data }` (legacy-events.ts) | `targetContacted`, `targetFollowUpSent`, `targetReplied` only | retried on failure (webhook-retries.ts) |
 *
 * Every body is signed the Standard Webhooks way over its raw bytes, `webhook-id` the log
 * event's ID (the same on every retry, so a receiver de-duplicates). The spec's `version: 1.0`
 * is written `1`: JSON has one kind of number. Events are sent in `seq` order per team and
 * subscription; a legacy retry may arrive after later events.
 *
 * Changes, `PATCH /_sandbox/webhooks/{id} { format }` (row: from, column: to):
 *
 * | from \ to | `v2` | `v1` | `legacy` |
 * | --- | --- | --- | --- |
 * | `v2` | unchanged | 409 | 409 |
 * | `v1` | yes | unchanged | 409 |
 * | `legacy` | yes, pending retries dropped | yes, pending retries dropped | unchanged |
 *
 * - Moving to version 2 cannot be undone (spec). The legacy option can only be turned off,
 *   never on again: the spec shows a switch from legacy to v1 and from anything to v2, nothing
 *   back. A refusal is 409 `invalidTransition`, `details.status` the current format.
 * - A change takes effect at once: the next event goes out in the new format, and legacy
 *   retries still waiting are dropped (and any that slip in are dropped when they come due).
 * - New subscriptions are `v2` unless they ask otherwise; any format may be created, so a
 *   test can stand up the subscription a long-standing customer still has.
 *
 * Sunset: from 3 December 2026 on the sandbox's clock (`isSunset`, the rule that makes /v1
 * answer 410) `legacy` subscriptions receive v2 events (spec), and so do `v1` ones: their
 * events would describe an interface that no longer answers. The stored format is left as it
 * was and the effective one is worked out at each delivery, so the list shows both (`format`,
 * `effectiveFormat`), and a clock set back before the sunset (a reset) restores the old
 * behaviour. Legacy retries waiting at the sunset are dropped when they come due.
 */
export const WEBHOOK_FORMATS = ["v2", "v1", "legacy"] as const;
export const webhookFormat = z.enum(WEBHOOK_FORMATS);
export type WebhookFormat = z.infer<typeof webhookFormat>;

/** The formats a subscription may move to from each format (the table above). */
export const FORMAT_CHANGES: Record<WebhookFormat, readonly WebhookFormat[]> = {
  v2: ["v2"],
  v1: ["v1", "v2"],
  legacy: ["legacy", "v1", "v2"],
};

export const DEFAULT_WEBHOOK_FORMAT: WebhookFormat = "v2";

export function canChangeFormat(from: WebhookFormat, to: WebhookFormat): boolean {
  return FORMAT_CHANGES[from].includes(to);
}

/** What a subscription with this stored format receives now (the sunset rule above). */
export function effectiveFormat(ctx: SandboxContext, format: WebhookFormat): WebhookFormat {
  return format !== "v2" && isSunset(ctx) ? "v2" : format;
}

/** A stored format as one of ours; the column defaults to `v2`, and anything else reads as it. */
export function storedFormat(value: string): WebhookFormat {
  const parsed = webhookFormat.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_WEBHOOK_FORMAT;
}
