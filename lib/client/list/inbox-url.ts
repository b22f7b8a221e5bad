import { useQueryStates, type inferParserType } from "nuqs";
// The parsers from nuqs/server, which is not a client module: the server page reads the same view.
import { createLoader, createSerializer, parseAsBoolean, parseAsNativeArrayOf, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { FOLDERS, THREAD_ORDERS } from "@/lib/api/threads";
import type { ThreadFilters } from "@/lib/client/queries/threads";
import { viewKeyOf } from "@/lib/client/stores/selection";

/**
 * What the inbox shows lives in the URL, so every view can be linked, reloaded and shared:
 * the folder, every filter of GET /threads (with the API's own names and repeated keys),
 * and the open thread. `thread` alone changes without a new history entry per keystroke
 * of j/k; a new folder or filter is a new entry, so Back undoes it.
 */
export const inboxParams = {
  folder: parseAsStringLiteral(FOLDERS).withDefault("inbox"),
  accountLinkId: parseAsNativeArrayOf(parseAsString),
  platform: parseAsString,
  tag: parseAsNativeArrayOf(parseAsString),
  status: parseAsNativeArrayOf(parseAsString),
  assigneeId: parseAsNativeArrayOf(parseAsString),
  unassigned: parseAsBoolean,
  campaignId: parseAsNativeArrayOf(parseAsString),
  q: parseAsString,
  order: parseAsStringLiteral(THREAD_ORDERS),
  thread: parseAsString,
  /** `messages`: the list shows the messages `q` finds (message search) instead of conversations. */
  searchIn: parseAsStringLiteral(["messages"] as const),
  /**
   * `snoozed`: the list shows the snoozed conversations (lib/api/snoozes) instead of a folder;
   * `mentions`: the viewer's mentions in comments (lib/api/comments).
   */
  view: parseAsStringLiteral(["snoozed", "mentions"] as const),
  /** A comment of the open thread to scroll to and mark (a mention opened it). */
  comment: parseAsString,
};

export type InboxParams = inferParserType<typeof inboxParams>;
/** A change to the URL's view: `null` clears a value. */
export type InboxParamsChange = { [K in keyof InboxParams]?: InboxParams[K] | null };

export function useInboxParams() {
  return useQueryStates(inboxParams, { history: "push" });
}

/** The view a request's search params name, for the server page. */
export const loadInboxParams = createLoader(inboxParams);

/** A link to an inbox view; unset values are left out. */
export const inboxHref = createSerializer(inboxParams);

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

/** The view a list's selection belongs to: its folder's filters, or the Snoozed view's own. */
export function listKeyOf(params: InboxParams): string {
  return params.view ? `view:${params.view}` : viewKeyOf(filtersOf(params));
}

/** Whether any filter beyond the folder narrows the view. */
export function hasFilters(params: InboxParams): boolean {
  const { folder: _folder, thread: _thread, order: _order, searchIn: _searchIn, view: _view, comment: _comment, ...rest } = params;
  return Object.values(rest).some((value) => (Array.isArray(value) ? value.length > 0 : value !== null));
}
