import { beforeEach, describe, expect, it, vi } from "vitest";
import { DRAFTS_STORAGE_KEY, useDraftsStore } from "@/lib/client/stores/drafts";

// Node has no localStorage: a Map stands in, installed before the store module reads it.
const saved = vi.hoisted(() => {
  const data = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: () => null,
    length: 0,
  } as Storage;
  return data;
});

describe("drafts", () => {
  beforeEach(() => useDraftsStore.setState({ drafts: {} }));

  it("keeps one draft per thread and drops empty ones", () => {
    const { setDraft } = useDraftsStore.getState();
    setDraft("t1", "Hello");
    setDraft("t2", "Other");
    setDraft("t1", "Hello there");
    expect(useDraftsStore.getState().drafts).toEqual({ t1: "Hello there", t2: "Other" });
    setDraft("t2", "");
    expect(useDraftsStore.getState().drafts).toEqual({ t1: "Hello there" });
    // Kept in localStorage, so a reload finds it.
    expect(JSON.parse(saved.get(DRAFTS_STORAGE_KEY)!).state.drafts).toEqual({ t1: "Hello there" });
  });

  it("clears a sent draft, and leaves the state alone when there is nothing to clear", () => {
    useDraftsStore.getState().setDraft("t1", "Hello");
    useDraftsStore.getState().clearDraft("t1");
    const before = useDraftsStore.getState();
    useDraftsStore.getState().clearDraft("t1");
    expect(useDraftsStore.getState()).toBe(before);
    expect(before.drafts).toEqual({});
  });
});

describe("drafts and the server's copy", () => {
  beforeEach(() => useDraftsStore.setState({ drafts: {}, synced: {} }));

  it("remembers what the server holds apart from the box, and takes the server's draft in whole", () => {
    const { setDraft, markSynced, adopt } = useDraftsStore.getState();
    setDraft("t1", "Hi");
    markSynced("t1", { text: "Hi", at: "2026-01-01T10:00:00.000Z" });
    // Sent: the box empties, the server's copy is still known until its delete lands.
    useDraftsStore.getState().clearDraft("t1");
    expect(useDraftsStore.getState()).toMatchObject({ drafts: {}, synced: { t1: { text: "Hi" } } });
    markSynced("t1", null);
    adopt("t2", { text: "From the phone", at: "2026-01-01T11:00:00.000Z" });
    expect(useDraftsStore.getState()).toMatchObject({ drafts: { t2: "From the phone" }, synced: { t2: { text: "From the phone" } } });
    adopt("t2", null);
    expect(useDraftsStore.getState()).toMatchObject({ drafts: {}, synced: {} });
    expect(JSON.parse(saved.get(DRAFTS_STORAGE_KEY)!)).toMatchObject({ version: 2, state: { drafts: {}, synced: {} } });
  });

  it("keeps version 1's drafts, as not yet on the server", async () => {
    saved.set(DRAFTS_STORAGE_KEY, JSON.stringify({ state: { drafts: { t9: "Old draft" } }, version: 1 }));
    await useDraftsStore.persist.rehydrate();
    expect(useDraftsStore.getState()).toMatchObject({ drafts: { t9: "Old draft" }, synced: {} });
  });
});
