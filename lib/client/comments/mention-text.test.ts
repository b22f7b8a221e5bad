import { describe, expect, it } from "vitest";
import { insertMention, matchingPeople, mentionRuns, mentionTrigger, mentionsInText } from "./mention-text";

const sam = { id: "u-sam", name: "Sam Rivera" };
const samuel = { id: "u-samuel", name: "Samuel Ito" };
const olivia = { id: "u-olivia", name: "Olivia Hart" };
const people = [olivia, samuel, sam];

describe("mentionTrigger", () => {
  it("opens on @ at the start of a word, with what follows as the query", () => {
    expect(mentionTrigger("@", 1)).toEqual({ query: "", start: 0, end: 1 });
    expect(mentionTrigger("Hi @sa", 6)).toEqual({ query: "sa", start: 3, end: 6 });
    expect(mentionTrigger("Hi @Sam Ri", 10)).toEqual({ query: "Sam Ri", start: 3, end: 10 });
  });

  it("stays shut inside an e-mail address or after the name is done", () => {
    expect(mentionTrigger("ana@example", 11)).toBeNull();
    expect(mentionTrigger("Hi @Sam Rivera can you", 22)).toBeNull();
    expect(mentionTrigger("no sign here", 12)).toBeNull();
  });
});

describe("matchingPeople", () => {
  it("puts names starting with the query first, then a later word, then any part; all for an empty query", () => {
    expect(matchingPeople(people, "sam")).toEqual([sam, samuel]);
    expect(matchingPeople(people, "hart")).toEqual([olivia]);
    expect(matchingPeople(people, "i")).toEqual([samuel, olivia, sam]);
    expect(matchingPeople(people, "")).toEqual([olivia, sam, samuel]);
    expect(matchingPeople(people, "zed")).toEqual([]);
  });
});

describe("insertMention and mentionsInText", () => {
  it("replaces the typed query with @Name and a space, caret after it", () => {
    const trigger = mentionTrigger("Hi @sa", 6)!;
    expect(insertMention("Hi @sa", trigger, sam)).toEqual({ text: "Hi @Sam Rivera ", caret: 15 });
  });

  it("keeps only the people whose @Name is still in the text, in the text's order, once each", () => {
    expect(mentionsInText("@Olivia Hart and @Sam Rivera", [sam, olivia, sam])).toEqual([olivia, sam]);
    expect(mentionsInText("@Sam Rive", [sam])).toEqual([]);
    // "@Sam Riveras" is another word, not Sam.
    expect(mentionsInText("@Sam Riveras", [sam])).toEqual([]);
    expect(mentionsInText("mail sam@Sam Rivera", [sam])).toEqual([]);
  });
});

describe("mentionRuns", () => {
  it("marks each @Name of a mentioned person, the longest name first, and leaves the rest as text", () => {
    expect(mentionRuns("@Samuel Ito and @Sam Rivera, look", [sam, samuel])).toEqual([
      { text: "@Samuel Ito", person: samuel },
      { text: " and ", person: null },
      { text: "@Sam Rivera", person: sam },
      { text: ", look", person: null },
    ]);
    expect(mentionRuns("@Nobody here", [sam])).toEqual([{ text: "@Nobody here", person: null }]);
  });
});
