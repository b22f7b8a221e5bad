import { notifyManager, type QueryClient } from "@tanstack/react-query";
import type { StoreApi } from "zustand/vanilla";
import type { ApiClient } from "@/lib/api/client";
import { ERROR_SENTENCES, isApiError } from "@/lib/api/errors";
import type { Message, OutgoingAttachment } from "@/lib/api/messages";
import { base64Bytes } from "@/lib/api/message-rules";
import type { Thread } from "@/lib/api/threads";
import { patchThreadEverywhere } from "@/lib/client/mutations/threads";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { threadQueries } from "@/lib/client/queries/threads";
import type { OutboxItem, OutboxStore } from "@/lib/client/stores/outbox";
import { CONFIRM_GIVE_UP_MS, confirmDelay, FILES_LOST, judgeSendError, NOT_DELIVERED, RESEND_SAFE_MS, STALE_SEND, UNCONFIRMED } from "@/lib/client/thread/send-verdicts";
import { cachedMessage, mergeThread, withLastMessage, withMessage } from "@/lib/client/thread/sent-caches";
import { sentFromThisTab } from "@/lib/client/thread/sent-here";

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

/** What the outbox keeps of a file across a reload: never its bytes. */
function summaryOf(file: OutgoingAttachment): { fileName: string; mimeType: string; size: number } {
  return { fileName: file.fileName, mimeType: file.mimeType, size: base64Bytes(file.data) };
}
