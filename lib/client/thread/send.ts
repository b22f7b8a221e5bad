import { notifyManager, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { StoreApi } from "zustand/vanilla";
import type { ApiClient } from "@/lib/api/client";
import { isPassingOutage } from "@/lib/client/outage-retry";
import { detailsOf, ERROR_SENTENCES, errorSentence, isApiError } from "@/lib/api/errors";
import { base64Bytes, type Message, type OutgoingAttachment } from "@/lib/api/messages";
import type { Page } from "@/lib/api/primitives";
import type { Thread } from "@/lib/api/threads";
import { api as browserApi } from "@/lib/client/api";
import { onInboxEvent } from "@/lib/client/hooks/use-inbox-events";
import { patchThreadEverywhere } from "@/lib/client/mutations/threads";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";
import { outboxStore, type OutboxItem, type OutboxStore } from "@/lib/client/stores/outbox";

/**
 * The send pipeline: a message goes into the outbox at once (shown at the bottom of the
 * thread), then to POST /messages with its `localId` as the `Idempotency-Key`, and leaves the
 * outbox only when the API has it. The rules it keeps (spec, POST /messages rules 4 and 5):
 *
 * - Any retry of an attempt reuses its key, so the API replays the first answer instead of
 *   sending twice: a failed send can always be retried, and a reload resumes `sending` items.
 * - 429, 409 idempotencyKeyInUse and a passing outage (no answer, 502 upstreamUnavailable,
 *   503, 504) are waited out (Retry-After, or a short pause) and tried again by themselves, a
 *   few times, before the item shows as failed.
 * - 502 sendUnconfirmed is never resent: the item turns `unconfirmed` and GET
 *   /messages/{details.messageId} is read with backoff until it settles (lib/api/messages:
 *   `delivery`). `pending`: read again later. Delivered (`sent`, or no `delivery` at all): it
 *   joins the history. `failed`, or 404 messageNotFound: it never left, so it fails, and its
 *   retry needs a new key (the old one would replay the 502). The event that announces the
 *   settling (`message.sent` or `message.failed`, naming the message) cuts the wait short, so
 *   the thread shows it delivered or failed as soon as the API knows.
 * - Files go with the words in the same body, so the key covers them too. They live in memory
 *   only (lib/client/stores/outbox): an item whose files a reload lost is never sent without
 *   them; it fails with a sentence saying so.
 *
 * - An undo window (`holdMs`, the member's `undoSendSeconds`) keeps the item `held` first: the
 *   message shows in the thread, nothing goes to the API, and `undo` takes it back into the
 *   composer. After a reload a held item goes at once: the member had sent it.
 *
 * Pure enough to test: the API, the query client, the outbox, time and IDs are all passed in.
 */

export type SendApi = { messages: Pick<ApiClient["messages"], "send" | "get"> };

export type SendPipelineDeps = {
  api: SendApi;
  queryClient: QueryClient;
  outbox: StoreApi<OutboxStore>;
  sleep?: (ms: number) => Promise<void>;
  newId?: () => string;
  now?: () => Date;
  /**
   * Runs the outbox removal after a settled message is in the caches. By default with the
   * query cache's own notification, so the history never draws a frame showing neither.
   */
  schedule?: (fn: () => void) => void;
  /**
   * Whether the page is going away. A reload aborts the request in flight, which reads as a
   * network error: the item must then stay `sending` in storage, to be resumed, not `failed`.
   */
  leaving?: () => boolean;
  /** Hears the IDs of messages whose send settled (server events); answers the unsubscribe. */
  settled?: (listener: (messageId: string) => void) => () => void;
};

export type SendPipeline = {
  /**
   * Queues a message (trimmed), with its files, and starts sending it, after `holdMs` (the undo
   * window) when given; `done` settles when the pipeline is through with it.
   */
  send: (threadId: string, content: string, attachments?: OutgoingAttachment[], options?: { holdMs?: number }) => { localId: string; done: Promise<void> };
  /** Takes back a message still in its undo window: its text and files, or null when it has gone. */
  undo: (localId: string) => { content: string; attachments: OutgoingAttachment[] } | null;
  /** Tries a failed item again (same key, unless it never left), or checks an unconfirmed one now. */
  retry: (localId: string) => Promise<void>;
  /** Drops a failed item and hands back its text and the files still held, to be corrected and sent as a new message. */
  edit: (localId: string) => { content: string; attachments: OutgoingAttachment[] } | null;
  /** Drops a failed item. */
  discard: (localId: string) => void;
  /** After a reload: re-sends `sending` items with their key and checks `unconfirmed` ones. */
  resume: () => Promise<void>;
};

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
    const messageId = detailsOf(error, "sendUnconfirmed")?.messageId;
    // Without the ID there is nothing to read; a retry with the same key replays the 502 and its details.
    return messageId ? { kind: "unconfirmed", messageId } : { kind: "failed", error: UNCONFIRMED };
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

export function createSendPipeline(deps: SendPipelineDeps): SendPipeline {
  const { api, queryClient, outbox } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const now = deps.now ?? (() => new Date());
  const schedule = deps.schedule ?? ((fn: () => void) => notifyManager.schedule(fn));
  // One run per item at a time, so a resume or a double click never sends the same item twice at once.
  const running = new Map<string, Promise<void>>();
  // An unconfirmed item's wait before its next read, cut short by the event that it settled.
  const wakers = new Map<string, () => void>();
  const nudged = new Set<string>();
  // Items in their undo window, and what ends the wait early (an undo).
  const holds = new Map<string, () => void>();

  const find = (localId: string) => outbox.getState().items.find((i) => i.localId === localId);
  /** The item's files, or null when it had some and they are gone (a reload). */
  const filesOf = (item: OutboxItem): OutgoingAttachment[] | null => {
    const files = outbox.getState().files[item.localId] ?? [];
    return files.length === (item.attachments?.length ?? 0) ? files : null;
  };

  function run(localId: string, work: () => Promise<void>): Promise<void> {
    const current = running.get(localId);
    if (current) return current;
    const promise = work()
      .catch(() => {
        // A bug in a cache update must not leave the item spinning: show it as failed.
        if (find(localId)?.state === "sending") outbox.getState().update(localId, { state: "failed", error: { code: "internalError", sentence: ERROR_SENTENCES.internalError } });
      })
      .finally(() => {
        running.delete(localId);
        nudged.delete(localId);
      });
    running.set(localId, promise);
    return promise;
  }

  /** Waits out the undo window; whether the item is still to be sent (not undone meanwhile). */
  async function hold(localId: string, ms: number): Promise<boolean> {
    await new Promise<void>((resolve) => {
      const done = () => {
        holds.delete(localId);
        resolve();
      };
      holds.set(localId, done);
      void sleep(ms).then(done);
    });
    if (find(localId)?.state !== "held") return false;
    outbox.getState().update(localId, { state: "sending", holdUntil: undefined });
    return true;
  }

  async function deliver(localId: string): Promise<void> {
    for (let waits = 0; ; ) {
      const item = find(localId);
      if (!item) return;
      const files = filesOf(item);
      if (!files) {
        outbox.getState().update(localId, { state: "failed", error: FILES_LOST });
        return;
      }
      try {
        const { body } = await api.messages.send(
          {
            target: { type: "thread", threadId: item.threadId },
            ...(item.content ? { content: item.content } : {}),
            ...(files.length ? { attachments: files } : {}),
          },
          { idempotencyKey: item.localId },
        );
        settle(item, body.message, body.thread);
        return;
      } catch (error) {
        if (deps.leaving?.()) return;
        const verdict = judgeSendError(error, waits);
        if (verdict.kind === "unconfirmed") {
          outbox.getState().update(localId, { state: "unconfirmed", messageId: verdict.messageId, error: UNCONFIRMED });
          await confirm(localId, false);
          return;
        }
        if (verdict.kind === "failed") {
          outbox.getState().update(localId, { state: "failed", error: verdict.error });
          return;
        }
        outbox.getState().update(localId, { error: verdict.error });
        waits += 1;
        await sleep(verdict.ms);
      }
    }
  }

  /** Waits `ms`, or less when the message is heard to have settled. */
  function nap(localId: string, ms: number): Promise<void> {
    if (nudged.delete(localId)) return Promise.resolve();
    return new Promise((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        wakers.delete(localId);
        resolve();
      };
      wakers.set(localId, finish);
      void sleep(ms).then(finish);
    });
  }

  /** An event says the message settled: its item reads it now (or, if it stopped reading, again). */
  function heard(messageId: string): void {
    const item = outbox.getState().items.find((i) => i.state === "unconfirmed" && i.messageId === messageId);
    if (!item) return;
    const wake = wakers.get(item.localId);
    if (wake) wake();
    else if (running.has(item.localId)) nudged.add(item.localId);
    else void run(item.localId, () => confirm(item.localId, true));
  }
  deps.settled?.(heard);

  /** Reads an unconfirmed message until it settles: delivered, or never left (`failed` or 404). */
  async function confirm(localId: string, checkFirst: boolean): Promise<void> {
    const started = now().getTime();
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0 || !checkFirst) await nap(localId, confirmDelay(checkFirst ? attempt - 1 : attempt));
      const item = find(localId);
      if (!item || item.state !== "unconfirmed" || !item.messageId) return;
      // Server events may have brought it into the history already.
      const cached = cachedMessage(queryClient, item.threadId, item.messageId);
      if (cached) {
        settle(item, cached);
        return;
      }
      try {
        const { body } = await api.messages.get(item.messageId);
        if (body.delivery === "failed") {
          outbox.getState().update(localId, { state: "failed", error: NOT_DELIVERED });
          return;
        }
        // Still pending: read again after the next wait (or the event).
        if (body.delivery !== "pending") {
          settle(item, body);
          return;
        }
      } catch (error) {
        if (isApiError(error) && error.code === "messageNotFound") {
          outbox.getState().update(localId, { state: "failed", error: NOT_DELIVERED });
          return;
        }
        // Anything else (offline, rate limited, a 5xx) says nothing about the message: keep reading.
      }
      if (now().getTime() - started >= CONFIRM_GIVE_UP_MS) return;
    }
  }

  function settle(item: OutboxItem, message: Message, thread?: Thread): void {
    sentFromThisTab.add(message.id);
    // Named first, so the history hides the pending copy in the same frame the message lands.
    outbox.getState().update(item.localId, { messageId: message.id });
    queryClient.setQueryData(threadQueries.messages(item.threadId).queryKey, (data) => withMessage(data, message));
    patchThreadEverywhere(queryClient, item.threadId, (old) => (thread ? mergeThread(old, thread) : withLastMessage(old, message)));
    schedule(() => outbox.getState().remove(item.localId));
    void queryClient.invalidateQueries({ queryKey: inboxQueries.activity(item.threadId).queryKey });
    // Folders (no reply, requests) and counts depend on the last message: let the server say.
    void queryClient.invalidateQueries({ queryKey: inboxQueries.counts().queryKey });
    void queryClient.invalidateQueries({ queryKey: threadQueries.lists() });
  }

  return {
    send(threadId, content, attachments = [], options = {}) {
      const localId = newId();
      const holdMs = options.holdMs ?? 0;
      const createdAt = now();
      outbox.getState().add(
        {
          localId,
          threadId,
          content: content.trim(),
          createdAt: createdAt.toISOString(),
          state: holdMs > 0 ? "held" : "sending",
          error: null,
          messageId: null,
          ...(holdMs > 0 ? { holdUntil: new Date(createdAt.getTime() + holdMs).toISOString() } : {}),
          ...(attachments.length ? { attachments: attachments.map(summaryOf) } : {}),
        },
        attachments,
      );
      const work = holdMs > 0 ? async () => ((await hold(localId, holdMs)) ? deliver(localId) : undefined) : () => deliver(localId);
      return { localId, done: run(localId, work) };
    },

    undo(localId) {
      const item = find(localId);
      if (!item || item.state !== "held") return null;
      const attachments = outbox.getState().files[localId] ?? [];
      outbox.getState().remove(localId);
      holds.get(localId)?.();
      return { content: item.content, attachments };
    },

    retry(localId) {
      const item = find(localId);
      if (!item || running.has(localId)) return running.get(localId) ?? Promise.resolve();
      if (item.state === "unconfirmed") return run(localId, () => confirm(localId, true));
      if (item.state !== "failed") return run(localId, () => deliver(localId));
      if (item.error?.code === NOT_DELIVERED.code) {
        // The old key would replay the stored 502: this is a new send of the same words.
        const fresh: OutboxItem = { ...item, localId: newId(), state: "sending", error: null, messageId: null, createdAt: now().toISOString() };
        outbox.getState().replace(localId, fresh);
        return run(fresh.localId, () => deliver(fresh.localId));
      }
      outbox.getState().update(localId, { state: "sending", error: null });
      return run(localId, () => deliver(localId));
    },

    edit(localId) {
      const item = find(localId);
      if (!item || item.state !== "failed" || running.has(localId)) return null;
      const attachments = outbox.getState().files[localId] ?? [];
      outbox.getState().remove(localId);
      return { content: item.content, attachments };
    },

    discard(localId) {
      const item = find(localId);
      if (!item || item.state !== "failed" || running.has(localId)) return;
      outbox.getState().remove(localId);
    },

    async resume() {
      const runs: Promise<void>[] = [];
      for (const item of outbox.getState().items) {
        if (running.has(item.localId)) continue;
        // Held when the page went away: the member had sent it, so it goes now.
        if (item.state === "held") outbox.getState().update(item.localId, { state: "sending", holdUntil: undefined });
        if (item.state === "sending" || item.state === "held") {
          if (!filesOf(item)) {
            outbox.getState().update(item.localId, { state: "failed", error: FILES_LOST });
          } else if (now().getTime() - new Date(item.createdAt).getTime() > RESEND_SAFE_MS) {
            outbox.getState().update(item.localId, { state: "failed", error: STALE_SEND });
          } else {
            runs.push(run(item.localId, () => deliver(item.localId)));
          }
        } else if (item.state === "unconfirmed") {
          runs.push(run(item.localId, () => confirm(item.localId, true)));
        }
      }
      await Promise.all(runs);
    },
  };
}

const pipelines = new WeakMap<QueryClient, SendPipeline>();

let pageLeaving = false;
if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", () => {
    pageLeaving = true;
    // Another handler may keep the page: then it was not leaving after all.
    setTimeout(() => (pageLeaving = false), 3_000);
  });
  window.addEventListener("pagehide", () => (pageLeaving = true));
  window.addEventListener("pageshow", () => (pageLeaving = false));
}

/** The browser's pipeline for a query client: one per client, so runs in flight are known to every caller. */
export function sendPipelineFor(queryClient: QueryClient): SendPipeline {
  let pipeline = pipelines.get(queryClient);
  if (!pipeline) {
    const created = createSendPipeline({ api: browserApi, queryClient, outbox: outboxStore, leaving: () => pageLeaving, settled: settledFromEvents });
    pipelines.set(queryClient, created);
    // Sends that failed only because the browser was offline go out again when it is back.
    window.addEventListener("online", () => {
      for (const item of outboxStore.getState().items) {
        if (item.state === "failed" && item.error?.code === "networkError") void created.retry(item.localId);
      }
    });
    pipeline = created;
  }
  return pipeline;
}

/** The messages the server's events say settled: delivered (`message.sent`) or not (`message.failed`). */
function settledFromEvents(listener: (messageId: string) => void): () => void {
  return onInboxEvent((event) => {
    if (event.type === "api" && event.messageId && (event.apiType === "message.sent" || event.apiType === "message.failed")) listener(event.messageId);
  });
}

/** Messages this tab sent: not "new activity" when the member replies again (lib/client/thread/new-activity). */
export const sentFromThisTab = new Set<string>();

export function useSendPipeline(): SendPipeline {
  return sendPipelineFor(useQueryClient());
}

/**
 * Carries on with sends a reload interrupted: `sending` items go again with their own key,
 * `unconfirmed` ones are read again. Safe to call from several places; each item runs once.
 */
export function useResumeOutbox(): void {
  const pipeline = useSendPipeline();
  useEffect(() => {
    void pipeline.resume();
  }, [pipeline]);
}

/** The history with a sent message in it: replaced where it already is, else first on the newest page. */
export function withMessage<PageParam>(
  data: InfiniteData<Page<Message>, PageParam> | undefined,
  message: Message,
): InfiniteData<Page<Message>, PageParam> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.data.some((m) => m.id === message.id))) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((m) => (m.id === message.id ? message : m)) })) };
  }
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, data: [message, ...first!.data] }, ...rest] };
}

/** The thread as the send's answer has it, keeping what the cached copy had expanded. */
export function mergeThread(old: Thread, fresh: Thread): Thread {
  return {
    ...old,
    ...fresh,
    contact: fresh.contact ?? old.contact,
    profile: fresh.profile ?? old.profile,
    accountLink: fresh.accountLink ?? old.accountLink,
    assignee: fresh.assignee ?? old.assignee,
  };
}

/** The thread after a message of ours, when only the message is known (a send confirmed by reading it). */
export function withLastMessage(thread: Thread, message: Message): Thread {
  if (thread.lastMessage && new Date(thread.lastMessage.sentAt) > new Date(message.sentAt)) return thread;
  const preview = message.content?.slice(0, PREVIEW_LENGTH) ?? null;
  return {
    ...thread,
    lastMessage: { id: message.id, direction: message.direction, sentAt: message.sentAt, preview },
    activity: { ...thread.activity, at: message.sentAt, preview },
  };
}

// As the API cuts thread previews; the next read brings the server's own.
const PREVIEW_LENGTH = 120;

function cachedMessage(queryClient: QueryClient, threadId: string, messageId: string): Message | null {
  const data = queryClient.getQueryData(threadQueries.messages(threadId).queryKey);
  for (const page of data?.pages ?? []) {
    const found = page.data.find((m) => m.id === messageId);
    if (found) return found;
  }
  return null;
}

/** What the outbox keeps of a file across a reload: never its bytes. */
function summaryOf(file: OutgoingAttachment): { fileName: string; mimeType: string; size: number } {
  return { fileName: file.fileName, mimeType: file.mimeType, size: base64Bytes(file.data) };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
