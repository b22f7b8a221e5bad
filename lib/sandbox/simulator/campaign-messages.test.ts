import { describe, expect, it } from "vitest";
import type { outreachColumns, outreachLeads } from "../schema";
import { composeMessage, SIMULATED_REPLIES, SIMULATED_REPLY, simulatedReply, variableValue } from "./campaign-messages";

type Lead = typeof outreachLeads.$inferSelect;
type Column = typeof outreachColumns.$inferSelect;

const lead = (fields: Partial<Lead> = {}) =>
  ({ listId: "lst1", displayName: "Maya Patel", username: "maya.p", location: "Lisbon", bio: null, data: {}, ...fields }) as Lead;
const column = (id: string, name: string): Column => ({ id, teamId: "team1", listId: "lst1", name, type: "text", position: 0 });

describe("variables", () => {
  it("fills first-name from the display name's first word, else the username, else 'there'", () => {
    expect(variableValue("first-name", lead(), [])).toBe("Maya");
    expect(variableValue("first-name", lead({ displayName: null }), [])).toBe("maya.p");
    expect(variableValue("first-name", lead({ displayName: "  ", username: null }), [])).toBe("there");
  });

  it("fills a custom variable from the list's column of that name, then a stored value, then a prospect field", () => {
    const columns = [column("col1", "Company"), column("col2", "Deal size"), { ...column("col3", "Company"), listId: "lst2" }];
    const data = { custom_col1: "Acme", custom_col2: 5000, custom_col3: "Other list", plan: "Pro" };
    expect(variableValue("company", lead({ data }), columns)).toBe("Acme");
    expect(variableValue("deal-size", lead({ data }), columns)).toBe("5000");
    expect(variableValue("plan", lead({ data }), columns)).toBe("Pro");
    expect(variableValue("location", lead(), columns)).toBe("Lisbon");
    expect(variableValue("display-name", lead(), columns)).toBe("Maya Patel");
    expect(variableValue("company", lead(), columns)).toBe("");
    expect(variableValue("bio", lead(), columns)).toBe("");
  });
});

describe("composeMessage", () => {
  const segments = [
    { type: "variation", options: ["Hi", "Hey", "Hello"] },
    { type: "static", text: " " },
    { type: "variable", name: "first-name" },
    { type: "static", text: ", how is " },
    { type: "variable", name: "company" },
    { type: "static", text: " doing?" },
  ];

  it("joins the segments, one variation option picked by the seed", () => {
    const text = composeMessage(segments, lead({ data: { custom_col1: "Acme" } }), [column("col1", "Company")], "cmp1|instagram:1|stp1");
    expect(text).toMatch(/^(Hi|Hey|Hello) Maya, how is Acme doing\?$/);
    expect(composeMessage(segments, lead({ data: { custom_col1: "Acme" } }), [column("col1", "Company")], "cmp1|instagram:1|stp1")).toBe(text);
    const picks = new Set(Array.from({ length: 30 }, (_, i) => composeMessage(segments, lead(), [], `cmp1|instagram:${i}|stp1`).split(" ")[0]));
    expect(picks).toEqual(new Set(["Hi", "Hey", "Hello"]));
  });

  it("tidies the gap an empty variable leaves, and skips segments it does not know", () => {
    expect(composeMessage(segments, lead(), [], "x")).toMatch(/^(Hi|Hey|Hello) Maya, how is doing\?$/);
    expect(composeMessage([{ type: "static", text: "Hi " }, { type: "variable", name: "company" }, { type: "static", text: "!" }, { type: "gif" }], lead(), [], "x")).toBe("Hi!");
    expect(composeMessage("not segments", lead(), [], "x")).toBe("");
  });
});

describe("simulatedReply", () => {
  it("answers some sends, the same way for the same send, within the delay bounds", () => {
    const now = new Date("2026-11-23T08:00:00Z");
    const replies = Array.from({ length: 400 }, (_, i) => simulatedReply(`cmp1|instagram:${i}|stp1`, true, now));
    expect(simulatedReply("cmp1|instagram:7|stp1", true, now)).toEqual(replies[7]);
    const answered = replies.filter((r) => r !== null);
    expect(answered.length / replies.length).toBeGreaterThan(SIMULATED_REPLY.firstChance - 0.1);
    expect(answered.length / replies.length).toBeLessThan(SIMULATED_REPLY.firstChance + 0.1);
    for (const reply of answered) {
      const minutes = (Date.parse(reply.at) - now.getTime()) / 60_000;
      expect(minutes).toBeGreaterThanOrEqual(SIMULATED_REPLY.minMinutes);
      expect(minutes).toBeLessThanOrEqual(SIMULATED_REPLY.maxMinutes);
      expect(SIMULATED_REPLIES).toContain(reply.content);
    }
    const followUps = Array.from({ length: 400 }, (_, i) => simulatedReply(`cmp1|instagram:${i}|stp2`, false, now)).filter((r) => r !== null);
    expect(followUps.length).toBeLessThan(answered.length);
  });
});
