/**
 * Which threads of a list are selected for a bulk action, as plain values: a click toggles one
 * and makes it the anchor; a shift-click sets every row between the anchor and the clicked one
 * to the anchor's state (as in a mail client), so one gesture both extends and trims.
 */
export type Selection = {
  ids: ReadonlySet<string>;
  /** The row the last toggle acted on: where a shift range starts. */
  anchor: string | null;
};

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export function toggle(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/**
 * The range from the anchor to `id` in the list's order, set to the anchor's state. Without an
 * anchor on screen it is a toggle. The anchor stays, so a second shift-click re-draws the range.
 */
export function extendTo(selection: Selection, order: readonly string[], id: string): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const select = selection.ids.has(selection.anchor!);
  const ids = new Set(selection.ids);
  for (const rowId of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (select) ids.add(rowId);
    else ids.delete(rowId);
  }
  return { ids, anchor: selection.anchor };
}

export function selectAll(order: readonly string[]): Selection {
  return { ids: new Set(order), anchor: order[0] ?? null };
}

/** The selection without `ids` (what a bulk action finished with). */
export function without(selection: Selection, ids: Iterable<string>): Selection {
  const next = new Set(selection.ids);
  for (const id of ids) next.delete(id);
  return { ids: next, anchor: selection.anchor !== null && next.has(selection.anchor) ? selection.anchor : null };
}

/** Whether the header checkbox shows all, some or none of the rows on screen. */
export function coverage(selection: Selection, order: readonly string[]): "all" | "some" | "none" {
  if (selection.ids.size === 0 || order.length === 0) return "none";
  const shown = order.filter((id) => selection.ids.has(id)).length;
  if (shown === order.length) return "all";
  return "some";
}
