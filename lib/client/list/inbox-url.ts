import { createSerializer, parseAsBoolean, parseAsNativeArrayOf, parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";
import { filtersOf, inboxParamsFrom, type InboxParams } from "@/lib/client/list/inbox-params";
import { viewKeyOf } from "@/lib/client/stores/selection";

/** The inbox's view in the URL (lib/client/list/inbox-params), read with the browser's nuqs. */
export const inboxParams = inboxParamsFrom({ parseAsBoolean, parseAsNativeArrayOf, parseAsString, parseAsStringLiteral });

export type { InboxParams };
/** A change to the URL's view: `null` clears a value. */
export type InboxParamsChange = { [K in keyof InboxParams]?: InboxParams[K] | null };

export function useInboxParams() {
  return useQueryStates(inboxParams, { history: "push" });
}

/** A link to an inbox view; unset values are left out. */
export const inboxHref = createSerializer(inboxParams);

/** The view a list's selection belongs to: its folder's filters, or the Snoozed view's own. */
export function listKeyOf(params: InboxParams): string {
  return params.view ? `view:${params.view}` : viewKeyOf(filtersOf(params));
}

/** Whether any filter beyond the folder narrows the view. */
export function hasFilters(params: InboxParams): boolean {
  const { folder: _folder, thread: _thread, order: _order, searchIn: _searchIn, view: _view, comment: _comment, ...rest } = params;
  return Object.values(rest).some((value) => (Array.isArray(value) ? value.length > 0 : value !== null));
}

/** Every filter cleared: a folder shortcut goes to the plain folder. */
export const CLEARED: InboxParamsChange = {
  accountLinkId: null,
  platform: null,
  tag: null,
  status: null,
  assigneeId: null,
  unassigned: null,
  campaignId: null,
  q: null,
  searchIn: null,
  order: null,
  view: null,
  comment: null,
};
