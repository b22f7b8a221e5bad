import type { Folder } from "@/lib/api/threads";
import type { InboxParams, InboxParamsChange } from "@/lib/client/list/inbox-url";

/**
 * Where the person is, from the URL: which navigation entry the view is (a queue, an account,
 * a tag or status — each exactly as the navigation links to it — or else its folder), the
 * active filters in words (the chips and the title say the same), and the list's title, which
 * names the folder and states the filters when the view is not an entry of its own.
 */
export type FilterNames = {
  account: (id: string) => string;
  platform: (platform: string) => string;
  tag: (id: string) => string;
  status: (id: string) => string;
  member: (id: string) => string;
  campaign: (id: string) => string;
};

/** What removing one filter changes in the URL. */
export type FilterRemoval = Pick<InboxParamsChange, "accountLinkId" | "tag" | "status" | "assigneeId" | "campaignId" | "platform" | "unassigned" | "q" | "order">;

export type FilterLabel = { key: string; label: string; remove: FilterRemoval };

/** The active filters in words, each with the change that removes it; the order is not a filter, but is said last. */
export function filterLabels(params: InboxParams, names: FilterNames): FilterLabel[] {
  const labels: FilterLabel[] = [];
  const each = (key: "accountLinkId" | "tag" | "status" | "assigneeId" | "campaignId", title: string, lookup: (id: string) => string) => {
    for (const value of params[key] ?? []) {
      labels.push({ key: `${key}:${value}`, label: `${title}: ${lookup(value)}`, remove: { [key]: (params[key] ?? []).filter((v) => v !== value) } });
    }
  };
  // Who it is for first, then what the contact is, then where it came from.
  each("assigneeId", "Assignee", names.member);
  if (params.unassigned !== null) labels.push({ key: "unassigned", label: params.unassigned ? "Unassigned" : "Assigned", remove: { unassigned: null } });
  each("tag", "Tag", names.tag);
  each("status", "Status", names.status);
  each("accountLinkId", "Account", names.account);
  if (params.platform) labels.push({ key: "platform", label: `Platform: ${names.platform(params.platform)}`, remove: { platform: null } });
  each("campaignId", "Campaign", names.campaign);
  if (params.q) labels.push({ key: "q", label: `Search: “${params.q}”`, remove: { q: null } });
  if (params.order === "oldest") labels.push({ key: "order", label: "Oldest first", remove: { order: null } });
  return labels;
}

/** A navigation entry: a folder, a queue, or one account, tag or status. */
export type NavEntry = `folder:${Folder}` | "snoozed" | "mentions" | "mine" | "unassigned" | `account:${string}` | `tag:${string}` | `status:${string}`;

/**
 * The navigation entry the view is: one whose link gives exactly this view, else the folder it
 * is in — filtered views are still somewhere.
 */
export function navEntryOf(params: InboxParams, memberId: string | null): NavEntry {
  if (params.view === "snoozed") return "snoozed";
  if (params.view === "mentions") return "mentions";
  const only = (key: keyof InboxParams | null, folder: Folder) =>
    params.folder === folder &&
    Object.entries(params).every(([k, v]) => k === key || k === "folder" || k === "thread" || k === "comment" || v === null || (Array.isArray(v) && v.length === 0));
  if (memberId && params.assigneeId?.length === 1 && params.assigneeId[0] === memberId && only("assigneeId", "inbox")) return "mine";
  if (params.unassigned === true && only("unassigned", "inbox")) return "unassigned";
  if (params.accountLinkId?.length === 1 && only("accountLinkId", "all")) return `account:${params.accountLinkId[0]}`;
  if (params.tag?.length === 1 && only("tag", "all")) return `tag:${params.tag[0]}`;
  if (params.status?.length === 1 && only("status", "all")) return `status:${params.status[0]}`;
  return `folder:${params.folder}`;
}

/**
 * The list's title: a queue's, account's, tag's or status's own name when the view is that
 * entry; otherwise the folder and each filter, "All · Unassigned · Tag: Hot".
 */
export function viewTitle(params: InboxParams, memberId: string | null, names: FilterNames, folderLabel: (folder: Folder) => string): string {
  const entry = navEntryOf(params, memberId);
  if (entry === "snoozed") return "Snoozed";
  if (entry === "mentions") return "Mentions";
  if (entry === "mine") return "Assigned to me";
  if (entry === "unassigned") return "Unassigned";
  if (entry.startsWith("account:")) return names.account(params.accountLinkId![0]!);
  if (entry.startsWith("tag:")) return names.tag(params.tag![0]!);
  if (entry.startsWith("status:")) return names.status(params.status![0]!);
  const filters = filterLabels(params, names).filter((f) => f.key !== "order");
  return [folderLabel(params.folder), ...filters.map((f) => f.label)].join(" · ");
}
