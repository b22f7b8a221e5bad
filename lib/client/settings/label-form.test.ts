import { describe, expect, it } from "vitest";
import {
  colorName,
  deleteQuestion,
  isPredefined,
  moveInPipeline,
  movedPosition,
  nameProblem,
  parseCustomColor,
  usageSentence,
} from "./label-form";

const tags = [
  { id: "tag_1", name: "VIP" },
  { id: "tag_2", name: "Partner" },
];
const colors = [
  { name: "gray", hex: "#4b5563" },
  { name: "blue", hex: "#2563eb" },
  { name: "skyBlue", hex: "#0284c7" },
];

describe("nameProblem", () => {
  it("accepts a new name, trimmed", () => {
    expect(nameProblem("tag", "  Lead  ", tags)).toBeNull();
  });

  it("asks for a name when it is empty or blank", () => {
    expect(nameProblem("tag", "", tags)).toBe("Enter a name for the tag.");
    expect(nameProblem("status", "   ", tags)).toBe("Enter a name for the status.");
  });

  it("refuses names over 50 characters", () => {
    expect(nameProblem("tag", "x".repeat(50), tags)).toBeNull();
    expect(nameProblem("status", "x".repeat(51), tags)).toBe("Status names can be at most 50 characters.");
  });

  it("says a name is taken, regardless of case, in the API's own sentence", () => {
    expect(nameProblem("tag", "vip", tags)).toBe("A tag with that name already exists.");
    expect(nameProblem("status", " PARTNER ", tags)).toBe("A status with that name already exists.");
  });

  it("lets a label keep or recase its own name", () => {
    expect(nameProblem("tag", "vip", tags, "tag_1")).toBeNull();
    expect(nameProblem("tag", "partner", tags, "tag_1")).toBe("A tag with that name already exists.");
  });

  it("checks only what it can while the list is loading", () => {
    expect(nameProblem("tag", "VIP", undefined)).toBeNull();
  });
});

describe("parseCustomColor", () => {
  it("takes #rrggbb in either case, in lower case", () => {
    expect(parseCustomColor("#12AB34")).toBe("#12ab34");
    expect(parseCustomColor(" #0d9488 ")).toBe("#0d9488");
  });

  it("forgives a missing # and the short form", () => {
    expect(parseCustomColor("12ab34")).toBe("#12ab34");
    expect(parseCustomColor("#f0a")).toBe("#ff00aa");
  });

  it("refuses anything else", () => {
    for (const input of ["", "#", "#12ab3", "#12ab345", "blue", "#gggggg", "rgb(0,0,0)"]) expect(parseCustomColor(input)).toBeNull();
  });
});

describe("colorName", () => {
  it("names predefined colors for people", () => {
    expect(colorName("blue", colors)).toBe("Blue");
    expect(colorName("skyBlue", colors)).toBe("Sky blue");
  });

  it("shows a custom color as its hex value", () => {
    expect(colorName("#12AB34", colors)).toBe("#12ab34");
  });
});

describe("isPredefined", () => {
  it("knows a predefined color by name or by hex", () => {
    expect(isPredefined("blue", colors)).toBe(true);
    expect(isPredefined("#2563EB", colors)).toBe(true);
    expect(isPredefined("#123456", colors)).toBe(false);
    expect(isPredefined("blue", undefined)).toBe(false);
  });
});

describe("the delete confirmation", () => {
  it("asks by name", () => {
    expect(deleteQuestion("tag", "VIP")).toBe("Delete the tag “VIP”?");
    expect(deleteQuestion("status", "Won")).toBe("Delete the status “Won”?");
  });

  it("says how many contacts carry a tag", () => {
    expect(usageSentence("tag", { count: 0, complete: true })).toBe("No contact carries it.");
    expect(usageSentence("tag", { count: 1, complete: true })).toBe("1 contact carries it; it will be removed from that contact.");
    expect(usageSentence("tag", { count: 12, complete: true })).toBe("12 contacts carry it; it will be removed from them.");
    expect(usageSentence("tag", { count: 1200, complete: false })).toBe("At least 1,200 contacts carry it; it will be removed from them.");
  });

  it("says how many contacts are at a stage", () => {
    expect(usageSentence("status", { count: 0, complete: true })).toBe("No contact is at this stage.");
    expect(usageSentence("status", { count: 1, complete: true })).toBe("1 contact is at this stage; it will be left without a status.");
    expect(usageSentence("status", { count: 4, complete: true })).toBe("4 contacts are at this stage; they will be left without a status.");
  });
});

describe("moving statuses", () => {
  const pipeline = [
    { id: "a", position: 0 },
    { id: "b", position: 1 },
    { id: "c", position: 2 },
  ];

  it("finds the next position up or down, none past the ends", () => {
    expect(movedPosition(pipeline, "b", -1)).toBe(0);
    expect(movedPosition(pipeline, "b", 1)).toBe(2);
    expect(movedPosition(pipeline, "a", -1)).toBeNull();
    expect(movedPosition(pipeline, "c", 1)).toBeNull();
    expect(movedPosition(pipeline, "zzz", 1)).toBeNull();
  });

  it("moves a stage and renumbers the pipeline without gaps", () => {
    expect(moveInPipeline(pipeline, "c", 0)).toEqual([
      { id: "c", position: 0 },
      { id: "a", position: 1 },
      { id: "b", position: 2 },
    ]);
    expect(moveInPipeline(pipeline, "a", 9).map((s) => s.id)).toEqual(["b", "c", "a"]);
    expect(moveInPipeline(pipeline, "zzz", 0)).toEqual(pipeline);
  });
});
