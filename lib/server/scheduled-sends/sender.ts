import "server-only";
import { checkCapability, capabilityError } from "@/lib/api/capabilities";
import { ApiError, errorSentence, isApiError } from "@/lib/api/errors";
import { detailsOf, errorBody } from "@/lib/api/error-schemas";
import { message as messageSchema } from "@/lib/api/messages";
import { accountLink as accountLinkSchema } from "@/lib/api/platforms";
import type { ScheduledSend } from "@/lib/api/scheduled-sends";
import type { ActivityLog, Actor } from "../activity/activity";
import { canSee, type Viewer } from "../access/visibility";
import type { Gateway } from "../gateway/gateway";
import { errorField, log } from "../runtime/log";
import type { Job, Scheduler } from "../scheduler/scheduler";
import { SEND_JOB, type ScheduledSends } from "./scheduled-sends";

/**
 * Sends a scheduled send when its job comes due (lib/api/scheduled-sends for the rules):
 *
 * 1. claims it (`sending`): from now on it cannot be edited or cancelled;
 * 2. checks again, at sending time, that its author may still see the thread and that the
 *    account may send there now (capabilities, restrictions, the account's status) — a
 *    refusal fails it with the reason, costing no send;
 * 3. sends through the gateway with its ID as the `Idempotency-Key`, so a retry (an outage, a
 *    crash mid-send and the lease running out) replays the first answer instead of sending
 *    twice;
 * 4. a passing failure (no answer, 5xx) is tried again by the scheduler, a few times, before
 *    the send fails; 502 sendUnconfirmed is read back (`send.confirm`) until it settles, never
 *    sent again; any other refusal fails it at once. A failure keeps the words, and its author
 *    hears of it (the change goes to browsers).
 */
export const CONFIRM_JOB = "send.confirm";
/** Attempts of a send (or of reading back an unconfirmed one) before it is given up as failed. */
export const SEND_ATTEMPTS = 4;
/** The wait before an unconfirmed send is first read back. */
const CONFIRM_AFTER_MS = 30_000;

export type SenderOptions = {
  sends: ScheduledSends;
  scheduler: Scheduler;
  gateway: Gateway;
  activity: ActivityLog;
  /** The author as they are now (role, member, the team's visibility), or null when their login is gone. */
  author(userId: string): Promise<{ viewer: Viewer; actor: Actor } | null>;
};

const NOT_DELIVERED = { code: "sendNotDelivered", sentence: "It wasn't delivered. Edit it to schedule it again, or send it now." };
const UNCERTAIN = { code: "sendUnconfirmed", sentence: "The API couldn't confirm it was delivered. Check the conversation before sending it again." };

export function registerSender(options: SenderOptions): void {
  const { sends, scheduler, gateway } = options;

  scheduler.handle(SEND_JOB, async (job) => {
    const send = await sends.claim(idOf(job));
    if (!send) return;
    try {
      await deliver(send, job);
    } catch (error) {
      if (job.attempts < SEND_ATTEMPTS) throw error;
      await sends.failed(send.id, sentenceOf(error));
    }
  });

  scheduler.handle(CONFIRM_JOB, async (job) => {
    const send = await sends.get(idOf(job));
    if (!send || send.state !== "sending" || !send.messageId) return;
    try {
      const message = await gateway.message(send.messageId, "background");
      if (message.delivery === "failed") return sends.failed(send.id, NOT_DELIVERED);
      if (message.delivery === "pending") throw new Error("the message is still pending");
      await sends.sent(send.id, message.id);
    } catch (error) {
      if (isApiError(error) && error.code === "messageNotFound") return sends.failed(send.id, NOT_DELIVERED);
      if (job.attempts < SEND_ATTEMPTS) throw error;
      await sends.failed(send.id, UNCERTAIN);
    }
  });

  async function deliver(send: ScheduledSend, job: Job): Promise<void> {
    const author = await options.author(send.author.userId);
    if (!author) return sends.failed(send.id, { code: "userNotFound", sentence: "Its author's login was removed." });
    const refused = await recheck(send, author.viewer);
    if (refused) return sends.failed(send.id, refused);

    const body = JSON.stringify({ target: { type: "thread", threadId: send.threadId }, content: send.content });
    const headers = new Headers({ "content-type": "application/json", "idempotency-key": send.id });
    const response = await gateway.write("messages.send", "/messages", {}, { method: "POST", headers, body }, "write");
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const sent = messageSchema.safeParse((answer as { message?: unknown } | null)?.message);
      await sends.sent(send.id, sent.success ? sent.data.id : "");
      await options.activity
        .record(author.actor, { operation: "messages.send", params: {}, body: { target: { type: "thread", threadId: send.threadId }, content: send.content, scheduled: true }, answer, before: null, requestId: response.headers.get("x-request-id") })
        .catch((error: unknown) => log.error({ error: errorField(error) }, "recording a scheduled send failed"));
      return;
    }
    const error = toApiError(response.status, answer);
    if (error.code === "sendUnconfirmed") {
      const messageId = detailsOf(error, "sendUnconfirmed")?.messageId;
      if (!messageId) return sends.failed(send.id, UNCERTAIN);
      await sends.unconfirmed(send.id, messageId);
      await scheduler.schedule({ kind: CONFIRM_JOB, key: `confirm:${send.id}`, dueAt: new Date((await scheduler.now()).getTime() + CONFIRM_AFTER_MS), payload: { id: send.id } });
      return;
    }
    // No answer or a server error says nothing about the send: the same key makes another try safe.
    if (error.status >= 500 || error.status === 429 || error.status === 0) {
      log.warn({ sendId: send.id, attempt: job.attempts, code: error.code }, "a scheduled send could not go out; it will be tried again");
      throw error;
    }
    await sends.failed(send.id, { code: error.code, sentence: errorSentence(error.code, error.status) });
  }

  /** Why it may not go now, or null: the author's sight of the thread and the account's capability to send there. */
  async function recheck(send: ScheduledSend, viewer: Viewer): Promise<{ code: string; sentence: string } | null> {
    const thread = await gateway.thread(send.threadId).catch((error: unknown) => {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    });
    if (!thread || !canSee(thread, viewer)) return { code: "threadNotFound", sentence: "Its conversation is gone, or its author can no longer see it." };
    // Read now, not from the cache: the account's status is what is being checked.
    const link = await gateway.send("write", `/account-links/${encodeURIComponent(thread.accountLinkId)}`);
    if (!link.ok) throw toApiError(link.status, await link.json().catch(() => null));
    const check = checkCapability("message:send", { accountLink: accountLinkSchema.parse(await link.json()), thread });
    if (check.allowed) return null;
    const { code, status } = capabilityError(check);
    return { code, sentence: errorSentence(code, status) };
  }
}

function idOf(job: Job): string {
  return (job.payload as { id: string }).id;
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = errorBody.safeParse(body);
  if (parsed.success) return new ApiError({ status, code: parsed.data.code, message: parsed.data.message, details: parsed.data.details, requestId: parsed.data.requestId });
  return new ApiError({ status, code: status >= 500 ? "upstreamUnavailable" : "unexpectedResponse", message: `The API answered ${status}.`, details: null });
}

function sentenceOf(error: unknown): { code: string; sentence: string } {
  if (isApiError(error)) return { code: error.code, sentence: errorSentence(error.code, error.status) };
  return { code: "internalError", sentence: errorSentence("internalError", 500) };
}
