import { create } from "zustand";
import type { BulkAction, BulkRefusal, BulkResult } from "@/lib/client/list/bulk";

/**
 * The bulk run on screen: its progress while it runs, then what succeeded, failed or was not
 * started, until the person dismisses it. Kept outside the list so a run survives the list
 * pane leaving the screen (a phone opening a thread).
 */
export type BulkRun = {
  id: number;
  action: BulkAction | "undo";
  total: number;
  done: number;
  cancelling: boolean;
  /** Null while running. */
  result: BulkResult | null;
  /** Items the plan left out, with the reason; shown with the failures. */
  refused: BulkRefusal[];
};

type BulkState = {
  run: BulkRun | null;
  controller: AbortController | null;
  begin: (run: Omit<BulkRun, "id" | "done" | "cancelling" | "result">) => { id: number; signal: AbortSignal };
  progress: (id: number, done: number) => void;
  finish: (id: number, result: BulkResult) => void;
  cancel: () => void;
  dismiss: () => void;
  /** Counts finished undos: the list shows the rows an undo brought back once they arrive. */
  restoredCount: number;
  restored: () => void;
};

let nextId = 0;

export const useBulkStore = create<BulkState>()((set, get) => ({
  run: null,
  controller: null,
  begin: (run) => {
    get().controller?.abort();
    const controller = new AbortController();
    nextId += 1;
    set({ run: { ...run, id: nextId, done: 0, cancelling: false, result: null }, controller });
    return { id: nextId, signal: controller.signal };
  },
  progress: (id, done) => set((s) => (s.run?.id === id ? { run: { ...s.run, done } } : s)),
  finish: (id, result) => set((s) => (s.run?.id === id ? { run: { ...s.run, result }, controller: null } : s)),
  cancel: () => {
    get().controller?.abort();
    set((s) => (s.run && !s.run.result ? { run: { ...s.run, cancelling: true } } : s));
  },
  dismiss: () => set((s) => (s.run?.result ? { run: null } : s)),
  restoredCount: 0,
  restored: () => set((s) => ({ restoredCount: s.restoredCount + 1 })),
}));
