/**
 * The list's keyboard cursor, as mail clients move it (Gmail, Superhuman): a cursor the person
 * cannot see is not moved by j or k, it is shown where it is — so the first j of a fresh list
 * lands on the first row, and j then Enter opens the row the person was looking at. Once the
 * cursor shows (or a thread is open, whose row is highlighted), j and k step from it.
 */
export function movedCursor(ids: readonly string[], cursorId: string | null, by: number, shown: boolean): string | null {
  if (ids.length === 0) return null;
  const at = cursorId ? ids.indexOf(cursorId) : -1;
  if (at === -1) return by < 0 ? ids.at(-1)! : ids[0]!;
  if (!shown) return ids[at]!;
  return ids[Math.min(ids.length - 1, Math.max(0, at + by))]!;
}
