import { describe, expect, it } from "vitest";
import type { Lead } from "@/lib/api/outreach/leads";
import { delayAmount, delayLabel, previewOf, stepsOf, variablesUsed, variableValue, versionsOf } from "./sequence";

const step = (id: string, rank: number, version: number, type: string, data: Record<string, unknown>) => ({ id, rank, campaignVersion: version, type, data });
const steps = [
  step("s3", 1, 2, "delay", { delaySeconds: 172_800, unit: "days" }),
  step("s2", 0, 2, "message", { segments: [{ type: "variation", options: ["Hi", "Hey"] }, { type: "static", text: " " }, { type: "variable", name: "first-name" }] }),
  step("s4", 2, 2, "likePost", {}),
  step("s5", 3, 2, "message", { segments: [{ type: "variable", name: "company" }, { type: "variable", name: "first-name" }] }),
  step("s1", 0, 1, "message", { segments: [{ type: "static", text: "Hello" }] }),
  step("s6", 4, 2, "poll", {}),
];

const lead = (displayName: string | null, data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  ({ prospect: { displayName, username: "ada_l", location: "London", ...extra }, data }) as unknown as Pick<Lead, "prospect" | "data">;

describe("versionsOf and stepsOf", () => {
  it("lists versions newest first and a version's steps in rank order", () => {
    expect(versionsOf({ steps, activeVersion: 2 })).toEqual([2, 1]);
    const active = stepsOf(steps, 2);
    expect(active.map((s) => s.kind)).toEqual(["message", "delay", "likePost", "message", "unknown"]);
    expect(active[1]).toEqual({ kind: "delay", id: "s3", amount: 2, unit: "days" });
    expect(active[4]).toEqual({ kind: "unknown", id: "s6", type: "poll" });
    expect(stepsOf(steps, 1)).toEqual([{ kind: "message", id: "s1", segments: [{ type: "static", text: "Hello" }] }]);
  });

  it("reads a step whose data does not match its type as unknown", () => {
    expect(stepsOf([step("x", 0, 1, "delay", { delaySeconds: -1, unit: "days" })], 1)[0]).toMatchObject({ kind: "unknown", type: "delay" });
  });
});

describe("delays", () => {
  it("are told in their unit", () => {
    expect(delayAmount(129_600, "days")).toBe(1.5);
    expect(delayLabel(1, "hours")).toBe("Wait 1 hour");
    expect(delayLabel(3, "days")).toBe("Wait 3 days");
    expect(delayLabel(90, "minutes")).toBe("Wait 90 minutes");
  });
});

describe("variables", () => {
  it("are listed once, in order of use", () => {
    expect(variablesUsed(stepsOf(steps, 2))).toEqual(["first-name", "company"]);
  });

  it("fill first-name from the display name, else the username", () => {
    expect(variableValue("first-name", lead("Ada Lovelace"), {})).toBe("Ada");
    expect(variableValue("first-name", lead(null), {})).toBe("ada_l");
  });

  it("fill a custom variable from the list's column of that name, then stored data, then the prospect", () => {
    const columns = { custom_c1: { id: "c1", name: "Company", type: "text" } };
    expect(variableValue("company", lead("Ada", { custom_c1: "Analytical Engines" }), columns)).toBe("Analytical Engines");
    expect(variableValue("deal-size", lead("Ada", { "deal-size": 1200 }), columns)).toBe("1200");
    expect(variableValue("location", lead("Ada"), columns)).toBe("London");
    expect(variableValue("partner-tier", lead("Ada"), columns)).toBeNull();
    expect(variableValue("company", lead("Ada", { custom_c1: "  " }), columns)).toBeNull();
  });
});

describe("previewOf", () => {
  it("shows the first variation and marks a variable without a value", () => {
    const parts = previewOf(
      [{ type: "variation", options: ["Hi", "Hey"] }, { type: "static", text: " " }, { type: "variable", name: "first-name" }, { type: "variable", name: "tier" }],
      (name) => (name === "first-name" ? "Ada" : null),
    );
    expect(parts).toEqual([
      { kind: "text", text: "Hi" },
      { kind: "text", text: " " },
      { kind: "value", name: "first-name", text: "Ada" },
      { kind: "missing", name: "tier" },
    ]);
  });
});
