import type { Comment } from "@/lib/api/comments";

/**
 * A conversation's timeline: its messages and its internal comments in one order, by time. The
 * history loads older messages page by page; while older ones remain, comments from before the
 * oldest loaded message wait for their page, so nothing is drawn out of order above it.
 */
export type TimelineEntry<Row> = { kind: "message"; row: Row; at: string } | { kind: "comment"; comment: Comment; at: string };

export function interleave<Row>(rows: readonly Row[], at: (row: Row) => string, comments: readonly Comment[], hasOlder: boolean): TimelineEntry<Row>[] {
  const oldest = rows.length > 0 ? Date.parse(at(rows[0]!)) : null;
  const shown = hasOlder && oldest !== null ? comments.filter((c) => Date.parse(c.createdAt) >= oldest) : comments;
  const entries: TimelineEntry<Row>[] = [];
  let next = 0;
  for (const row of rows) {
    const time = Date.parse(at(row));
    // A comment written at the very moment of a message comes after it: it was written about it.
    while (next < shown.length && Date.parse(shown[next]!.createdAt) < time) entries.push(commentEntry(shown[next++]!));
    entries.push({ kind: "message", row, at: at(row) });
  }
  while (next < shown.length) entries.push(commentEntry(shown[next++]!));
  return entries;
}

function commentEntry(comment: Comment): TimelineEntry<never> {
  return { kind: "comment", comment, at: comment.createdAt };
}
