import { randomBytes } from "node:crypto";
import { isIPv4 } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { SandboxContext } from "../context";
import { fail } from "../http";
import { newId } from "../model/ids";
import { webhookRetries, webhookSubscriptions } from "../schema";
import { DEFAULT_WEBHOOK_FORMAT, canChangeFormat, effectiveFormat, storedFormat, webhookFormat, type WebhookFormat } from "./webhook-formats";

/**
 * Webhook subscriptions, made through the control API (`/_sandbox/webhooks`). They are not
 * the spec's, so these rules are ours (formats and their changes: webhook-formats.ts):
 * - The secret is shown once, in the answer that creates the subscription; lists never carry
 *   it. Whoever holds it can sign events the receiver believes, so reading the list must not
 *   be enough to forge them.
 * - A subscription points at a loopback address (127.0.0.0/8, ::1, `localhost`) or at one of
 *   the URLs the embedding host names (`SandboxConfig.webhookUrls`: the inbox's own receiver).
 *   Every event of the team, notes and all, is POSTed to each subscription, so any other
 *   address would let whoever drives the control API copy the team's data off the machine or
 *   make the sandbox probe the network it runs in. The stand-alone sandbox's clients run beside
 *   it, hence loopback. The rule is checked on creation and again on every delivery (a target
 *   that stopped being allowed gets nothing), and redirects are not followed.
 */

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;

/** A subscription as lists show it: without its secret, with what it receives now. */
export type ListedWebhookSubscription = {
  id: string;
  url: string;
  format: WebhookFormat;
  /** `format`, or `v2` once the sunset has passed (webhook-formats.ts). */
  effectiveFormat: WebhookFormat;
  createdAt: string;
};

/** The answer that creates a subscription: the only one with its secret. */
export type WebhookSubscription = ListedWebhookSubscription & { secret: string };

/** `whsec_` and base64 of 24 to 64 random bytes, the Standard Webhooks secret format. */
export const webhookSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, "Expected a secret of the form whsec_<base64>")
  .refine((secret) => {
    const bytes = Buffer.from(secret.slice("whsec_".length), "base64").length;
    return bytes >= 24 && bytes <= 64;
  }, "The secret must encode 24 to 64 bytes");

export const webhookCreate = z.strictObject({
  // Kept as parsed (`http://0x7f.1/` is `http://127.0.0.1/`), so the URL checked is the URL called.
  url: z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).href),
  secret: webhookSecret.optional(),
  format: webhookFormat.optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreate>;

export const webhookFormatChange = z.strictObject({ format: webhookFormat });

/** Why a subscription may not point at `url` (see the rules above), or null when it may. */
export function webhookTargetRefusal(url: string, allowedUrls: readonly string[]): string | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return "The webhook URL is not a valid URL";
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return "The webhook URL must be http or https";
  if (isLoopback(target.hostname)) return null;
  if (allowedUrls.some((allowed) => sameUrl(allowed, target))) return null;
  return "Webhook subscriptions may point only at a loopback address (127.0.0.0/8, ::1, localhost) or at the inbox's own webhook endpoint";
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export async function createSubscription(ctx: SandboxContext, teamId: string, input: WebhookCreate): Promise<WebhookSubscription> {
  const row = {
    id: newId("webhook"),
    teamId,
    url: input.url,
    secret: input.secret ?? generateWebhookSecret(),
    format: input.format ?? DEFAULT_WEBHOOK_FORMAT,
    createdAt: ctx.store.clock.now(),
  };
  await ctx.store.db.insert(webhookSubscriptions).values(row);
  return { ...toListed(ctx, row), secret: row.secret };
}

/** The team's subscriptions, oldest first, as stored (deliveries work out their format from these). */
export async function subscriptionRows(ctx: SandboxContext, teamId: string): Promise<SubscriptionRow[]> {
  return ctx.store.db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.teamId, teamId))
    .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
}

export async function listSubscriptions(ctx: SandboxContext, teamId: string): Promise<ListedWebhookSubscription[]> {
  return (await subscriptionRows(ctx, teamId)).map((row) => toListed(ctx, row));
}

/** Whether a subscription of the team was deleted; its waiting retries go with it. */
export async function deleteSubscription(ctx: SandboxContext, teamId: string, id: string): Promise<boolean> {
  return ctx.store.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.teamId, teamId), eq(webhookSubscriptions.id, id)))
      .returning({ id: webhookSubscriptions.id });
    if (deleted.length > 0) await tx.delete(webhookRetries).where(eq(webhookRetries.subscriptionId, id));
    return deleted.length > 0;
  });
}

/**
 * Moves a subscription to another format, if webhook-formats.ts allows it: 404 notFound for
 * no such subscription of the team, 409 invalidTransition for a change back.
 */
export async function changeSubscriptionFormat(ctx: SandboxContext, teamId: string, id: string, to: WebhookFormat): Promise<ListedWebhookSubscription> {
  const row = await ctx.store.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.teamId, teamId), eq(webhookSubscriptions.id, id)));
    if (!current) fail("notFound", `No webhook subscription ${id}`);
    const from = storedFormat(current.format);
    if (!canChangeFormat(from, to)) {
      const why = from === "v2" ? "a move to version 2 cannot be undone" : "the legacy option can only be turned off";
      fail("invalidTransition", `The subscription receives ${from}; it cannot move to ${to}: ${why}`, { status: from });
    }
    if (from === to) return current;
    const [updated] = await tx.update(webhookSubscriptions).set({ format: to }).where(eq(webhookSubscriptions.id, id)).returning();
    // Only legacy retries: whatever the new format, they are no longer wanted.
    await tx.delete(webhookRetries).where(eq(webhookRetries.subscriptionId, id));
    return updated ?? current;
  });
  return toListed(ctx, row);
}

function toListed(ctx: SandboxContext, row: SubscriptionRow): ListedWebhookSubscription {
  const format = storedFormat(row.format);
  return { id: row.id, url: row.url, format, effectiveFormat: effectiveFormat(ctx, format), createdAt: row.createdAt.toISOString() };
}

function isLoopback(hostname: string): boolean {
  // URL hostnames are canonical: lower case, IPv4 in dotted decimal (`0x7f.1` is `127.0.0.1`), IPv6 in brackets.
  return hostname === "localhost" || hostname === "[::1]" || (isIPv4(hostname) && hostname.startsWith("127."));
}

function sameUrl(allowed: string, target: URL): boolean {
  try {
    return new URL(allowed).href === target.href;
  } catch {
    return false;
  }
}
