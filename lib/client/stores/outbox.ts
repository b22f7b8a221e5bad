import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { createJSONStorage, persist, type StateStorage } from "zustand/middleware";
import { createStore } from "zustand/vanilla";
import type { OutgoingAttachment } from "@/lib/api/messages";

/**
 * Messages on their way out: shown in the thread at once, before the API confirms them.
 * `localId` is also the send's `Idempotency-Key`, so a retry of a failed send can never send
 * twice. The store only holds them; lib/client/thread/send.ts moves them along.
 *
 * Files sent with a message are kept in memory only (`files`), never in storage: a few
 * megabytes of base64 would fill localStorage's quota and slow every tab that reads it. The
 * item keeps their names and sizes, so after a reload the pipeline knows what was lost and
 * says so instead of sending the words alone.
 */
/** `held`: waiting out the member's undo window (lib/api/preferences `undoSendSeconds`); nothing has gone to the API. */
export type OutboxState = "held" | "sending" | "failed" | "unconfirmed";

export type OutboxItem = {
  localId: string;
  threadId: string;
  content: string;
  createdAt: string;
  state: OutboxState;
  /** Why the last attempt failed, as lib/api's sentence for its code. */
  error: { code: string; sentence: string } | null;
  /** While `held`: when it goes. */
  holdUntil?: string;
  /** After 502 sendUnconfirmed: the message to read until it settles (`details.messageId`). */
  messageId: string | null;
  /** The files sent with it (their bytes are in the store's `files`); absent in items saved before files existed. */
  attachments?: AttachmentSummary[];
};

export type AttachmentSummary = { fileName: string; mimeType: string; size: number };

export type OutboxStore = {
  /** Oldest first, the order they were written in. */
  items: OutboxItem[];
  /** The files of items by `localId`, in memory only (see above). */
  files: Record<string, OutgoingAttachment[]>;
  add: (item: OutboxItem, files?: OutgoingAttachment[]) => void;
  update: (localId: string, change: Partial<Omit<OutboxItem, "localId">>) => void;
  remove: (localId: string) => void;
  /** Swaps one item for another in place (a retry that needs a new key keeps its position). */
  replace: (localId: string, item: OutboxItem) => void;
};

export const OUTBOX_STORAGE_KEY = "inbox-outbox";

/**
 * An outbox persisted to `storage` (localStorage in the browser), so a send interrupted by a
 * reload is resumed instead of lost. Tests pass an in-memory storage.
 */
export function createOutboxStore(storage?: () => StateStorage) {
  return createStore<OutboxStore>()(
    persist(
      (set) => ({
        items: [],
        files: {},
        add: (item, files) =>
          set((s) => ({
            items: [...s.items.filter((i) => i.localId !== item.localId), item],
            files: files?.length ? { ...s.files, [item.localId]: files } : s.files,
          })),
        update: (localId, change) =>
          set((s) => ({ items: s.items.map((i) => (i.localId === localId ? { ...i, ...change } : i)) })),
        remove: (localId) =>
          set((s) => (s.items.some((i) => i.localId === localId) ? { items: s.items.filter((i) => i.localId !== localId), files: without(s.files, localId) } : s)),
        replace: (localId, item) =>
          set((s) => {
            const files = s.files[localId];
            return {
              items: s.items.map((i) => (i.localId === localId ? item : i)),
              files: files ? { ...without(s.files, localId), [item.localId]: files } : s.files,
            };
          }),
      }),
      {
        name: OUTBOX_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(storage ?? (() => localStorage)),
        // Items only: `files` stay in memory (above).
        partialize: (s) => ({ items: s.items }),
      },
    ),
  );
}

/** The browser's one outbox. */
export const outboxStore = createOutboxStore();

// Another tab's sends change the saved outbox: read it again so this tab shows them too.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === OUTBOX_STORAGE_KEY) void outboxStore.persist.rehydrate();
  });
}

export function useOutboxStore<T>(selector: (state: OutboxStore) => T): T {
  return useStore(outboxStore, selector);
}

/** The items of one thread, oldest first; a stable array while they do not change. */
export function useThreadOutbox(threadId: string): OutboxItem[] {
  return useStore(outboxStore, useShallow((s) => itemsOfThread(s, threadId)));
}

/** The files (bytes included) of one item, while this tab holds them. */
export function useOutboxFiles(localId: string): OutgoingAttachment[] | undefined {
  return useStore(outboxStore, (s) => s.files[localId]);
}

export function itemsOfThread(state: Pick<OutboxStore, "items">, threadId: string): OutboxItem[] {
  return state.items.filter((i) => i.threadId === threadId);
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
}
