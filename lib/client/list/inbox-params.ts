import type { inferParserType, parseAsBoolean, parseAsNativeArrayOf, parseAsString, parseAsStringLiteral } from "nuqs";
import { FOLDERS, THREAD_ORDERS } from "@/lib/api/thread-list-rules";
import type { ThreadFilters } from "@/lib/client/queries/threads";

/**
 * nuqs's parsers, from either copy of them: `nuqs` in the browser, `nuqs/server` on the server
 * (the first is a client module, and the browser should not load the second as well).
 */
export type ParserKit = {
  parseAsBoolean: typeof parseAsBoolean;
  parseAsNativeArrayOf: typeof parseAsNativeArrayOf;
  parseAsString: typeof parseAsString;
  parseAsStringLiteral: typeof parseAsStringLiteral;
};

/**
 * What the inbox shows lives in the URL, so every view can be linked, reloaded and shared:
 * the folder, every filter of GET /threads (with the API's own names and repeated keys),
 * and the open thread. `thread` alone changes without a new history entry per keystroke
 * of j/k; a new folder or filter is a new entry, so Back undoes it.
 */
export function inboxParamsFrom({ parseAsBoolean, parseAsNativeArrayOf, parseAsString, parseAsStringLiteral }: ParserKit) {
  return {
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
}

export type InboxParams = inferParserType<ReturnType<typeof inboxParamsFrom>>;

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
