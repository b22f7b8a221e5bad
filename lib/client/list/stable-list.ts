/**
 * A list that does not move under the cursor. The rows on screen keep the order they had
 * when last applied; fresh data updates a row's contents in place, but new rows, rows that
 * left and rows whose activity moved them are held back and counted ("N updated") until the
 * person applies them — or the list is idle. Pure functions, so the rule is tested alone.
 */
export type ListItem = { id: string; activity: { at: string } };

export type Snapshot = {
  /** The order on screen. */
  ids: string[];
  /** Each shown row's activity time when it was placed. */
  placedAt: Map<string, string>;
  /** The person's own changes it has seen (lib/client/list/own-changes): later ones apply in place. */
  ownSeen: number;
};

export const EMPTY_SNAPSHOT: Snapshot = { ids: [], placedAt: new Map(), ownSeen: 0 };

/**
 * Which changes are the person's own, made since the snapshot: they apply in place, uncounted.
 * `activity`: the row's newer activity is theirs (their reply is its latest message), so a later
 * message from anyone else still counts. `membership`: their change (an assignment, a tag) took
 * the row into or out of this view.
 */
export type OwnChanges = { activity: (id: string) => boolean; membership: (id: string) => boolean };
const NONE: OwnChanges = { activity: () => false, membership: () => false };

export function snapshotOf(items: readonly ListItem[], ownSeen = 0): Snapshot {
  return { ids: items.map((i) => i.id), placedAt: new Map(items.map((i) => [i.id, i.activity.at])), ownSeen };
}

/**
 * IDs whose place would change if fresh data were applied: new, gone, or with newer activity.
 * The person's own changes are not among them: a reply or an assignment of theirs shows in
 * place at once (rowsToShow), and is not news to them.
 */
export function pendingChanges(snapshot: Snapshot, fresh: readonly ListItem[], own: OwnChanges = NONE): Set<string> {
  const changed = new Set<string>();
  const freshIds = new Set<string>();
  for (const item of fresh) {
    freshIds.add(item.id);
    const placed = snapshot.placedAt.get(item.id);
    if (placed === undefined ? !own.membership(item.id) : placed !== item.activity.at && !own.activity(item.id)) changed.add(item.id);
  }
  for (const id of snapshot.ids) if (!freshIds.has(id) && !own.membership(id)) changed.add(id);
  return changed;
}

/**
 * The rows to show: the snapshot's order with fresh contents. A row that left the fresh data
 * stays (with its last known contents) until applied, so nothing vanishes under the pointer.
 * A row the person's own change brought into the view shows at once, where the fresh order
 * puts it among the rows on screen.
 */
export function rowsToShow<Item extends ListItem>(snapshot: Snapshot, fresh: readonly Item[], last: ReadonlyMap<string, Item>, own: OwnChanges = NONE): Item[] {
  const byId = new Map(fresh.map((i) => [i.id, i]));
  const rows: Item[] = [];
  for (const id of snapshot.ids) {
    const item = byId.get(id) ?? last.get(id);
    if (item) rows.push(item);
  }
  fresh.forEach((item, index) => {
    if (snapshot.placedAt.has(item.id) || !own.membership(item.id)) return;
    const before = fresh.slice(0, index).findLast((i) => rows.includes(i));
    rows.splice(before ? rows.indexOf(before) + 1 : 0, 0, item);
  });
  return rows;
}

/** The snapshot without one row: for the person's own actions (archive), which apply at once. */
export function withoutRow(snapshot: Snapshot, id: string): Snapshot {
  if (!snapshot.placedAt.has(id)) return snapshot;
  const placedAt = new Map(snapshot.placedAt);
  placedAt.delete(id);
  return { ...snapshot, ids: snapshot.ids.filter((x) => x !== id), placedAt };
}

/**
 * Fresh pages appended at the end (the next page arrived) extend the snapshot at once: they
 * are below everything the person is looking at, so adding them moves nothing.
 */
export function extendWithTail(snapshot: Snapshot, fresh: readonly ListItem[]): Snapshot {
  if (snapshot === EMPTY_SNAPSHOT) return snapshotOf(fresh);
  // Emptied by the person (they archived the last row): what comes now is news, not a first load.
  if (snapshot.ids.length === 0) return snapshot;
  const lastShown = snapshot.ids.at(-1)!;
  const at = fresh.findIndex((i) => i.id === lastShown);
  if (at === -1 || at === fresh.length - 1) return snapshot;
  const tail = fresh.slice(at + 1).filter((i) => !snapshot.placedAt.has(i.id));
  if (tail.length === 0) return snapshot;
  const placedAt = new Map(snapshot.placedAt);
  for (const item of tail) placedAt.set(item.id, item.activity.at);
  return { ...snapshot, ids: [...snapshot.ids, ...tail.map((i) => i.id)], placedAt };
}

/**
 * What a list shows: the snapshot of one view (`viewKey`), and whether it was taken from the
 * server page's copy (`provisional`, lib/client/server-state), which may be behind.
 */
export type ListState = { viewKey: string; snapshot: Snapshot; provisional?: boolean };

/**
 * The list's state for the fresh data of `viewKey` (the same object when nothing changes): a
 * new view starts from its own first data, a next page arriving below extends what is shown,
 * and a snapshot of the server's copy (`serverCopy`) gives way whole to the first data the
 * browser reads itself — the copy was only there so that the page was not empty meanwhile.
 */
export function settleList(state: ListState, viewKey: string, fresh: readonly ListItem[], serverCopy: boolean, ownSeen: number): ListState {
  const sameView = state.viewKey === viewKey;
  const replaced = sameView && state.provisional === true && !serverCopy;
  const current = sameView && !replaced ? state.snapshot : EMPTY_SNAPSHOT;
  const first = current === EMPTY_SNAPSHOT;
  // Only a view's first data is taken whole: a list the person emptied (archiving its last row) stays theirs.
  const snapshot = first ? (fresh.length ? snapshotOf(fresh, ownSeen) : current) : extendWithTail(current, fresh);
  const provisional = first ? serverCopy : state.provisional === true;
  if (sameView && snapshot === state.snapshot && provisional === (state.provisional === true)) return state;
  return { viewKey, snapshot, provisional };
}
