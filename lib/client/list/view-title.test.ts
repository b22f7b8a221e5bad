import { describe, expect, it } from "vitest";
import { readInboxParams, type InboxParams } from "./inbox-params";
import { filterLabels, navEntryOf, viewTitle, type FilterNames } from "./view-title";

// The view of a URL without parameters (lib/client/list/inbox-params), with `change` made to it.
const view = (change: Partial<InboxParams> = {}): InboxParams => ({ ...readInboxParams(new URLSearchParams()), ...change });

const names: FilterNames = {
  account: (id) => ({ al1: "Acme on Instagram" })[id] ?? id,
  platform: (p) => ({ instagram: "Instagram" })[p] ?? p,
  tag: (id) => ({ tag1: "Hot" })[id] ?? id,
  status: (id) => ({ st1: "Qualified" })[id] ?? id,
  member: (id) => ({ me: "Sam Rivera" })[id] ?? id,
  campaign: (id) => ({ cmp0001: "Founders Q4" })[id] ?? id,
};
const folderLabel = (folder: string) => ({ all: "All", inbox: "Inbox" })[folder] ?? folder;
const title = (change: Partial<InboxParams>) => viewTitle(view(change), "me", names, folderLabel);

describe("where the person is", () => {
  it("names the folder and states every filter when the view is not an entry of its own", () => {
    expect(title({ folder: "all", unassigned: true, tag: ["tag1"] })).toBe("All · Unassigned · Tag: Hot");
    expect(title({ folder: "all", q: "refund", order: "oldest" })).toBe("All · Search: “refund”");
    expect(title({ folder: "inbox" })).toBe("Inbox");
  });

  it("names the Snoozed view, whatever folder the URL still holds", () => {
    expect(title({ view: "snoozed", folder: "archived" })).toBe("Snoozed");
    expect(navEntryOf(view({ view: "snoozed" }), "me")).toBe("snoozed");
  });

  it("names the Mentions view, and a comment a mention opened leaves the entry as it is", () => {
    expect(title({ view: "mentions" })).toBe("Mentions");
    expect(navEntryOf(view({ view: "mentions", thread: "t1", comment: "c1" }), "me")).toBe("mentions");
    expect(navEntryOf(view({ unassigned: true, comment: "c1" }), "me")).toBe("unassigned");
  });

  it("uses an entry's own name when the view is exactly that entry", () => {
    expect(title({ assigneeId: ["me"] })).toBe("Assigned to me");
    expect(title({ unassigned: true })).toBe("Unassigned");
    expect(title({ folder: "all", tag: ["tag1"] })).toBe("Hot");
    expect(title({ folder: "all", status: ["st1"] })).toBe("Qualified");
    expect(title({ folder: "all", accountLinkId: ["al1"] })).toBe("Acme on Instagram");
  });

  it("marks the folder in the navigation when filters narrow it", () => {
    expect(navEntryOf(view({ folder: "all", unassigned: true, tag: ["tag1"] }), "me")).toBe("folder:all");
    expect(navEntryOf(view({ folder: "all", unassigned: true }), "me")).toBe("folder:all");
    expect(navEntryOf(view({ unassigned: true }), "me")).toBe("unassigned");
    expect(navEntryOf(view({ assigneeId: ["me"] }), null)).toBe("folder:inbox");
    expect(navEntryOf(view({ folder: "all", tag: ["tag1"], thread: "thr1" }), "me")).toBe("tag:tag1");
  });

  it("names a campaign filter by the campaign's name, or its ID while the name is unknown", () => {
    expect(title({ folder: "all", campaignId: ["cmp0001", "cmp0009"] })).toBe("All · Campaign: Founders Q4 · Campaign: cmp0009");
  });
  it("says each filter with the change that removes it", () => {
    const labels = filterLabels(view({ folder: "all", tag: ["tag1", "tag2"], platform: "instagram", order: "oldest" }), names);
    expect(labels.map((l) => l.label)).toEqual(["Tag: Hot", "Tag: tag2", "Platform: Instagram", "Oldest first"]);
    expect(labels[0]!.remove).toEqual({ tag: ["tag2"] });
  });
});
