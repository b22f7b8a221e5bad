import { describe, expect, it } from "vitest";
import { COMMENT_LIMITS, commentPatch, mentionsRead, newComment, snippetOf } from "./comments";

describe("newComment", () => {
  it("takes text with mentions as user IDs beside it, one mention per person", () => {
    expect(newComment.parse({ threadId: "thr1", body: "@Sam look", mentions: ["u1", "u2", "u1"] })).toEqual({ threadId: "thr1", body: "@Sam look", mentions: ["u1", "u2"] });
    expect(newComment.parse({ threadId: "thr1", body: "No one named" }).mentions).toEqual([]);
  });

  it("refuses empty or too long text, malformed or too many mentions, and unknown fields, with sentences", () => {
    const problems = (value: unknown) => newComment.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(problems({ threadId: "thr1", body: "  \n " })).toEqual(["A comment needs some text."]);
    expect(problems({ threadId: "thr1", body: "x".repeat(COMMENT_LIMITS.body + 1) })).toEqual(["A comment has at most 5,000 characters."]);
    expect(problems({ threadId: "thr1", body: "x", mentions: ["has space"] })).toEqual(["Expected an inbox user ID."]);
    expect(problems({ threadId: "thr1", body: "x", mentions: Array.from({ length: 21 }, (_, i) => `u${i}`) })).toEqual(["A comment may mention at most 20 people."]);
    expect(newComment.safeParse({ threadId: "thr1", body: "x", authorId: "u1" }).success).toBe(false);
  });

  it("an edit says the whole text and what it mentions afterwards", () => {
    expect(commentPatch.parse({ body: "Changed" })).toEqual({ body: "Changed", mentions: [] });
    expect(commentPatch.safeParse({}).success).toBe(false);
  });
});

describe("mentionsRead", () => {
  it("names comments or says all, never both or neither", () => {
    expect(mentionsRead.parse({ commentIds: ["c1"] })).toEqual({ commentIds: ["c1"] });
    expect(mentionsRead.parse({ all: true })).toEqual({ all: true });
    for (const bad of [{}, { commentIds: [] }, { all: false }, { all: true, commentIds: ["c1"] }]) expect(mentionsRead.safeParse(bad).success).toBe(false);
  });
});

describe("snippetOf", () => {
  it("puts the text on one line and cuts a long one at a word", () => {
    expect(snippetOf("  Line one\n\nline   two ")).toBe("Line one line two");
    expect(snippetOf("alpha beta gamma delta", 12)).toBe("alpha beta…");
    expect(snippetOf("x".repeat(30), 10)).toBe(`${"x".repeat(10)}…`);
  });
});
