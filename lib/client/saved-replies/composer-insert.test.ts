import { describe, expect, it } from "vitest";
import type { SavedReply } from "@/lib/api/saved-replies";
import { appendToDraft, matchingReplies, replaceTrigger, replyTrigger, withTriggerSign } from "./composer-insert";

const reply = (id: string, name: string, shortcut: string, scope: SavedReply["scope"] = "team"): SavedReply => ({
  id,
  name,
  shortcut,
  scope,
  body: name,
  updatedBy: "Marcus Lee",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

describe("the composer's saved reply trigger", () => {
  it("opens on ; or / that begins a word, and reads what follows up to the caret", () => {
    expect(replyTrigger(";", 1)).toEqual({ sign: ";", query: "", start: 0, end: 1 });
    expect(replyTrigger("Hello /pri", 10)).toEqual({ sign: "/", query: "pri", start: 6, end: 10 });
    expect(replyTrigger("Line one\n;wel", 13)).toEqual({ sign: ";", query: "wel", start: 9, end: 13 });
    // The caret decides: text after it is not part of the query.
    expect(replyTrigger(";pricing and more", 4)).toEqual({ sign: ";", query: "pri", start: 0, end: 4 });
  });

  it("stays shut inside words, links and after a space ends the query", () => {
    expect(replyTrigger("and/or", 6)).toBeNull();
    expect(replyTrigger("https://example.com", 8)).toBeNull();
    expect(replyTrigger("a;b", 3)).toBeNull();
    expect(replyTrigger(";pricing ", 9)).toBeNull();
    expect(replyTrigger("plain text", 10)).toBeNull();
  });

  it("replaces the typed trigger with the reply and puts the caret after it", () => {
    expect(replaceTrigger("Hi! ;pri thanks", { start: 4, end: 8 }, "Plans start at $29.")).toEqual({ text: "Hi! Plans start at $29. thanks", caret: 23 });
  });

  it("adds a reply from the palette on its own line, and types the sign for the ; shortcut", () => {
    expect(appendToDraft("", "Hi")).toBe("Hi");
    expect(appendToDraft("Thanks!  \n", "Hi")).toBe("Thanks!\nHi");
    expect(withTriggerSign("")).toBe(";");
    expect(withTriggerSign("Hi")).toBe("Hi ;");
    expect(withTriggerSign("Hi ")).toBe("Hi ;");
  });
});

describe("finding saved replies", () => {
  const replies = [reply("1", "Pricing overview", "pricing"), reply("2", "Welcome", "hello"), reply("3", "Prices in euros", "eur"), reply("4", "My pricing", "pricing", "personal"), reply("5", "Shipping times", "ship")];

  it("lists all for an empty query, the member's own first, else in their order", () => {
    expect(matchingReplies(replies, "").map((r) => r.id)).toEqual(["4", "1", "2", "3", "5"]);
  });

  it("ranks shortcut over name and start over middle, the member's own first on a tie", () => {
    expect(matchingReplies(replies, "pricing").map((r) => r.id)).toEqual(["4", "1"]);
    expect(matchingReplies(replies, "pri").map((r) => r.id)).toEqual(["4", "1", "3"]);
    expect(matchingReplies(replies, "times").map((r) => r.id)).toEqual(["5"]);
    expect(matchingReplies(replies, "PING").map((r) => r.id)).toEqual(["5"]);
    expect(matchingReplies(replies, "zzz")).toEqual([]);
  });
});
