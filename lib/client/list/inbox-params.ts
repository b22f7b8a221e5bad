import { FOLDERS, THREAD_ORDERS, type Folder, type ThreadOrder } from "@/lib/api/thread-list-rules";
import type { ThreadFilters } from "@/lib/client/queries/threads";

/**
 * What the inbox shows lives in the URL, so every view can be linked, reloaded and shared:
 * the folder, every filter of GET /threads (with the API's own names and repeated keys),
 * and the open thread. `thread` alone changes without a new history entry per keystroke
 * of j/k; a new folder or filter is a new entry, so Back undoes it.
 */
export type InboxParams = {
  folder: Folder;
  accountLinkId: string[];
  platform: string | null;
  tag: string[];
  status: string[];
  assigneeId: string[];
  unassigned: boolean | null;
  campaignId: string[];
  q: string | null;
  order: ThreadOrder | null;
  thread: string | null;
  /** `messages`: the list shows the messages `q` finds (message search) instead of conversations. */
  searchIn: "messages" | null;
  /**
   * `snoozed`: the list shows the snoozed conversations (lib/api/snoozes) instead of a folder;
   * `mentions`: the viewer's mentions in comments (lib/api/comments).
   */
  view: "snoozed" | "mentions" | null;
  /** A comment of the open thread to scroll to and mark (a mention opened it). */
  comment: string | null;
};

/** How each parameter is written: one value, one of a few, a repeated key, or `true`/`false`. */
type ParamKind = { one: "text" } | { one: "literal"; values: readonly string[] } | { one: "flag" } | { many: true };

const TEXT: ParamKind = { one: "text" };
const LIST: ParamKind = { many: true };
const literal = (values: readonly string[]): ParamKind => ({ one: "literal", values });

/** Every parameter, in the order a link writes them. */
const KINDS: Record<keyof InboxParams, ParamKind> = {
  folder: literal(FOLDERS),
  accountLinkId: LIST,
  platform: TEXT,
  tag: LIST,
  status: LIST,
  assigneeId: LIST,
  unassigned: { one: "flag" },
  campaignId: LIST,
  q: TEXT,
  order: literal(THREAD_ORDERS),
  thread: TEXT,
  searchIn: literal(["messages"]),
  view: literal(["snoozed", "mentions"]),
  comment: TEXT,
};

/** The folder a URL without one shows; a link to it leaves the key out. */
const DEFAULT_FOLDER: Folder = "inbox";

/**
 * The view a URL's query names. What it cannot mean is left out, as if absent: an unknown folder
 * is the inbox, an unknown order none. A repeated key is a list (`tag=a&tag=b`); `tag=` alone, none.
 */
export function readInboxParams(search: URLSearchParams): InboxParams {
  const read = (key: keyof InboxParams, kind: ParamKind): unknown => {
    if ("many" in kind) return search.getAll(key).filter((value) => value !== "");
    const value = search.get(key);
    if (value === null) return null;
    if (kind.one === "flag") return value.toLowerCase() === "true";
    if (kind.one === "literal") return kind.values.includes(value) ? value : null;
    return value;
  };
  const params = Object.fromEntries(Object.entries(KINDS).map(([key, kind]) => [key, read(key as keyof InboxParams, kind)])) as InboxParams;
  params.folder ??= DEFAULT_FOLDER;
  return params;
}

/** A change to the URL's view: `null` clears a value. */
export type InboxParamsChange = { [K in keyof InboxParams]?: InboxParams[K] | null };

/**
 * `search` with `change` made to it, in place: a cleared value, an empty list and the default
 * folder leave their key out; other parameters (of someone else's) are kept.
 */
export function writeInboxParams(search: URLSearchParams, change: InboxParamsChange): URLSearchParams {
  for (const key of Object.keys(KINDS) as (keyof InboxParams)[]) {
    const value = change[key];
    if (value === undefined) continue;
    search.delete(key);
    if (value === null || (key === "folder" && value === DEFAULT_FOLDER)) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search;
}

/** `?…` for a URL's query, or nothing when it is empty. */
export function queryString(search: URLSearchParams): string {
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The GET /threads filters of a view. */
export function filtersOf(params: InboxParams): ThreadFilters {
  return {
    folder: params.folder,
    accountLinkId: params.accountLinkId,
    platform: params.platform ?? undefined,
    tag: params.tag,
    status: params.status,
    assigneeId: params.assigneeId,
    unassigned: params.unassigned ?? undefined,
    campaignId: params.campaignId,
    q: params.q ?? undefined,
    order: params.order ?? undefined,
  };
}
