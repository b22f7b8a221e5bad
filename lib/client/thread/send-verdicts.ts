import { ERROR_SENTENCES, errorSentence, isApiError } from "@/lib/api/errors";
import { isPassingOutage } from "@/lib/client/outage-retry";
import type { OutboxItem } from "@/lib/client/stores/outbox";

/**
 * What the send pipeline (./send) makes of a failed attempt, and the waits and sentences it
 * uses: the rules of POST /messages 4 and 5 as the browser keeps them.
 */
/** Waits after 502 sendUnconfirmed before each read of the message; the last repeats. */
export const CONFIRM_BACKOFF_MS = [2_000, 4_000, 8_000, 16_000, 32_000, 60_000] as const;
/** Reading stops after this long; the item stays unconfirmed until checked again or reloaded. */
export const CONFIRM_GIVE_UP_MS = 15 * 60_000;
/** How many 429 / 409 in-use answers are waited out before the item shows as failed. */
export const MAX_AUTOMATIC_WAITS = 3;
const MAX_WAIT_MS = 60_000;
/**
 * lib/api: keys are remembered for 24 hours. An item still `sending` after nearly that long
 * is not resent by itself: its first attempt may have gone out and the key may be forgotten.
 */
export const RESEND_SAFE_MS = 23 * 60 * 60_000;

export type OutboxError = NonNullable<OutboxItem["error"]>;

/** A send that 404'd after 502 sendUnconfirmed: it never left. */
export const NOT_DELIVERED: OutboxError = { code: "sendNotDelivered", sentence: "It wasn't delivered. Retry to send it again." };
export const UNCONFIRMED: OutboxError = { code: "sendUnconfirmed", sentence: ERROR_SENTENCES.sendUnconfirmed };
/** A send with files whose bytes a reload took (they are kept in memory only). */
export const FILES_LOST: OutboxError = {
  code: "attachmentsLost",
  sentence: "The page reloaded before this message's files were sent, and files aren't kept across a reload. Check the conversation, then attach them again.",
};
/** A send found still `sending` after its key may have been forgotten. */
export const STALE_SEND: OutboxError = {
  code: "sendStale",
  sentence: "This message may not have gone out. Check the conversation before you send it again.",
};

/** Codes whose failure says nothing about the message itself: the same send may simply be tried again. */
const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  "networkError",
  "internalError",
  "upstreamUnavailable",
  "unexpectedResponse",
  "rateLimited",
  "idempotencyKeyInUse",
  "sendUnconfirmed",
  NOT_DELIVERED.code,
  STALE_SEND.code,
]);

/** Whether a failed item can be retried unchanged; otherwise the person should edit it first. */
export function isTransientFailure(item: Pick<OutboxItem, "state" | "error">): boolean {
  return item.state === "failed" && (item.error === null || TRANSIENT_CODES.has(item.error.code));
}

export type AttemptVerdict =
  | { kind: "unconfirmed"; messageId: string }
  | { kind: "wait"; ms: number; error: OutboxError }
  | { kind: "failed"; error: OutboxError };

/** What a failed POST /messages means for the item, given how many waits it already had. */
export function judgeSendError(error: unknown, waitsSoFar: number): AttemptVerdict {
  if (!isApiError(error)) return { kind: "failed", error: { code: "internalError", sentence: ERROR_SENTENCES.internalError } };
  const failed: OutboxError = { code: error.code, sentence: errorSentence(error.code, error.status) };
  if (error.code === "sendUnconfirmed") {
    // Read by hand, not with detailsOf: the send pipeline runs with the list's first paint, which carries no zod.
    const messageId = error.details?.messageId;
    // Without the ID there is nothing to read; a retry with the same key replays the 502 and its details.
    return typeof messageId === "string" && messageId ? { kind: "unconfirmed", messageId } : { kind: "failed", error: UNCONFIRMED };
  }
  const mayWait = waitsSoFar < MAX_AUTOMATIC_WAITS;
  if (error.status === 429 && mayWait) {
    const seconds = error.retryAfter ?? 2 ** waitsSoFar;
    return { kind: "wait", ms: clamp(seconds * 1000, 1000, MAX_WAIT_MS), error: failed };
  }
  // The first request with this key is still running (another tab, or before a reload): its answer will replay.
  if (error.code === "idempotencyKeyInUse" && mayWait) return { kind: "wait", ms: 2_000 * (waitsSoFar + 1), error: failed };
  // The inbox could not be reached or answered for a moment (an instance restarting behind the
  // load balancer, a dropped connection): the key makes trying again safe, so it is tried again
  // by itself before the person is asked to.
  if (isPassingOutage(error) && mayWait) return { kind: "wait", ms: 1_000 * 2 ** waitsSoFar, error: failed };
  return { kind: "failed", error: failed };
}


/** The wait before the `attempt`-th read of an unconfirmed message (0-based). */
export function confirmDelay(attempt: number): number {
  return CONFIRM_BACKOFF_MS[Math.min(attempt, CONFIRM_BACKOFF_MS.length - 1)]!;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
