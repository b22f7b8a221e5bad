import { describe, expect, it } from "vitest";
import type { Thread } from "@/lib/api/threads";
import { rowLabel, type RowLookups } from "./thread-row";

const lookups: RowLookups = { members: new Map(), tags: new Map(), statuses: new Map(), colors: [], platformNames: new Map(), linkPlatforms: new Map() };
const thread = { profile: { displayName: "Ada Lovelace", handle: "ada" }, isRequest: false, activity: { preview: "Is it billed monthly?" }, assigneeId: null } as unknown as Thread;

describe("a row's accessible name", () => {
  it("says unread for the viewer and, in other words, not yet read by the team owner", () => {
    expect(rowLabel(thread, lookups, true, false)).toBe("Ada Lovelace, unread, Is it billed monthly?");
    expect(rowLabel(thread, lookups, false, true)).toBe("Ada Lovelace, not yet read by the team owner, Is it billed monthly?");
    expect(rowLabel(thread, lookups, true, true)).toBe("Ada Lovelace, unread, not yet read by the team owner, Is it billed monthly?");
    expect(rowLabel(thread, lookups, false)).toBe("Ada Lovelace, Is it billed monthly?");
  });
});
