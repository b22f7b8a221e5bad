import { describe, expect, it } from "vitest";
import type { Comment } from "@/lib/api/comments";
import { interleave } from "./timeline";

const note = (id: string, createdAt: string): Comment => ({ id, threadId: "t1", authorId: "u1", authorName: "Sam", body: id, mentions: [], createdAt, editedAt: null });
const rows = [
  { id: "m1", sentAt: "2026-01-01T10:00:00Z" },
  { id: "m2", sentAt: "2026-01-01T11:00:00Z" },
];
const ids = (entries: ReturnType<typeof interleave<(typeof rows)[number]>>) => entries.map((e) => (e.kind === "message" ? e.row.id : e.comment.id));

describe("interleave", () => {
  it("puts comments between the messages by time, one written with a message after it", () => {
    const comments = [note("c0", "2026-01-01T09:00:00Z"), note("c1", "2026-01-01T10:00:00Z"), note("c2", "2026-01-01T10:30:00Z"), note("c3", "2026-01-01T12:00:00Z")];
    expect(ids(interleave(rows, (r) => r.sentAt, comments, false))).toEqual(["c0", "m1", "c1", "c2", "m2", "c3"]);
  });

  it("keeps comments older than the oldest loaded message back while older messages remain", () => {
    const comments = [note("c0", "2026-01-01T09:00:00Z"), note("c2", "2026-01-01T10:30:00Z")];
    expect(ids(interleave(rows, (r) => r.sentAt, comments, true))).toEqual(["m1", "c2", "m2"]);
  });

  it("shows comments alone in a conversation without messages", () => {
    expect(ids(interleave([], (r: (typeof rows)[number]) => r.sentAt, [note("c1", "2026-01-01T10:00:00Z")], true))).toEqual(["c1"]);
  });
});
