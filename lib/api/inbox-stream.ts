import type { InboxEvent } from "./inbox-events";

/**
 * The inbox's event stream as the browser reads it (lib/api/inbox-events says what each event
 * holds). The events are the server's own, written from the same types, and the stream is the
 * session's, so the browser checks only that a message is one of them, by its `type`, and
 * skips what is not (a newer server's event, a broken line): the whole schema would bring zod
 * to the page for the list's first paint (issue 18).
 */

/** The SSE `event:` name every message is sent under. */
export const INBOX_EVENT_NAME = "inbox";

const EVENT_TYPES = {
  api: true,
  resync: true,
  presence: true,
  snooze: true,
  drafts: true,
  scheduledSend: true,
  comments: true,
} as const satisfies Record<InboxEvent["type"], true>;

/** An SSE message's data as an event, or null when it is not JSON or not an event this inbox knows. */
export function readInboxEvent(data: string): InboxEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof json !== "object" || json === null) return null;
  const type = (json as { type?: unknown }).type;
  return typeof type === "string" && Object.hasOwn(EVENT_TYPES, type) ? (json as InboxEvent) : null;
}
