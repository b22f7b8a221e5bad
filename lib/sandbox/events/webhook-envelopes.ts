import { and, asc, eq, inArray } from "drizzle-orm";
import type { ApiEvent } from "@/lib/api/events";
import type { SandboxContext } from "../context";
import { events } from "../schema";
import { toV1Events, v1TypeOf } from "../v1/events";
import { toLegacyEvents } from "./legacy-events";
import type { WebhookFormat } from "./webhook-formats";

/** One body to POST: `id` is the `webhook-id` (the log event's), `type` names it in logs. */
export type WebhookMessage = { id: string; type: string; body: string };

/**
 * The bodies a batch of the log's events makes in each format (webhook-formats.ts has the
 * table), built at most once per format however many subscriptions take it: v2 as the store
 * announced them, v1 and legacy from the log's rows, with the current state they describe.
 */
export function envelopeBuilder(ctx: SandboxContext, teamId: string, batch: ApiEvent[]): (format: WebhookFormat) => Promise<WebhookMessage[]> {
  const built = new Map<WebhookFormat, Promise<WebhookMessage[]>>();
  let rows: Promise<(typeof events.$inferSelect)[]> | undefined;
  const logRows = () => (rows ??= loadRows(ctx, teamId, batch));

  async function build(format: WebhookFormat): Promise<WebhookMessage[]> {
    if (format === "v2") return batch.map((event) => ({ id: event.id, type: event.type, body: JSON.stringify(event) }));
    if (format === "v1") {
      const kept = (await logRows()).filter((row) => v1TypeOf(row.type) !== null);
      if (kept.length === 0) return [];
      return (await toV1Events(ctx, teamId, kept)).map((event) => ({ id: event.id, type: event.type, body: JSON.stringify(event) }));
    }
    return (await toLegacyEvents(ctx, teamId, await logRows())).map(({ row, event }) => ({ id: row.id, type: event.event, body: JSON.stringify(event) }));
  }

  return (format) => {
    let messages = built.get(format);
    if (!messages) built.set(format, (messages = build(format)));
    return messages;
  };
}

/** The batch's rows as the log holds them, in seq order. */
async function loadRows(ctx: SandboxContext, teamId: string, batch: ApiEvent[]) {
  if (batch.length === 0) return [];
  return ctx.store.db
    .select()
    .from(events)
    .where(and(eq(events.teamId, teamId), inArray(events.seq, batch.map((e) => e.seq))))
    .orderBy(asc(events.seq));
}
