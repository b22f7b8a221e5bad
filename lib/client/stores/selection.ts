import { create } from "zustand";
import type { Thread } from "@/lib/api/threads";
import { normalizeFilters, type ThreadFilters } from "@/lib/client/queries/threads";
import { EMPTY_SELECTION, extendTo, selectAll, toggle, type Selection } from "@/lib/client/list/selection";

/**
 * The threads selected for a bulk action (lib/client/list/selection), in the view they were
 * selected in: another view starts with nothing selected. `everything` is "all matching this
 * view", beyond the pages loaded: its threads once paged through, with the running count.
 */
export type Everything =
  | { state: "off" }
  | { state: "loading"; count: number }
  | { state: "ready"; threads: Thread[] }
  | { state: "failed"; error: unknown };

type SelectionState = {
  viewKey: string;
  selection: Selection;
  everything: Everything;
  toggle: (viewKey: string, id: string) => void;
  extend: (viewKey: string, order: readonly string[], id: string) => void;
  selectAll: (viewKey: string, order: readonly string[]) => void;
  setEverything: (viewKey: string, everything: Everything) => void;
  clear: () => void;
};

const OFF: Everything = { state: "off" };

export const useSelectionStore = create<SelectionState>()((set) => {
  // An action in another view starts from an empty selection; choosing rows ends "everything".
  const change = (viewKey: string, next: (selection: Selection) => Selection) =>
    set((s) => ({ viewKey, selection: next(s.viewKey === viewKey ? s.selection : EMPTY_SELECTION), everything: OFF }));
  return {
    viewKey: "",
    selection: EMPTY_SELECTION,
    everything: OFF,
    toggle: (viewKey, id) => change(viewKey, (s) => toggle(s, id)),
    extend: (viewKey, order, id) => change(viewKey, (s) => extendTo(s, order, id)),
    selectAll: (viewKey, order) => change(viewKey, () => selectAll(order)),
    setEverything: (viewKey, everything) => set((s) => (s.viewKey === viewKey ? { everything } : s)),
    clear: () => set({ selection: EMPTY_SELECTION, everything: OFF }),
  };
});

/** The selection as the view `viewKey` sees it: empty when it was made in another view. */
export function useViewSelection(viewKey: string): { selection: Selection; everything: Everything } {
  const storedKey = useSelectionStore((s) => s.viewKey);
  const selection = useSelectionStore((s) => s.selection);
  const everything = useSelectionStore((s) => s.everything);
  return storedKey === viewKey ? { selection, everything } : { selection: EMPTY_SELECTION, everything: OFF };
}

/** One key per view (its filters, normalised): a selection belongs to the view it was made in. */
export function viewKeyOf(filters: ThreadFilters): string {
  return JSON.stringify(normalizeFilters(filters));
}
