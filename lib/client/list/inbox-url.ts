import { useSearchParams } from "next/navigation";
import { useLayoutEffect, useSyncExternalStore } from "react";
import { filtersOf, queryString, readInboxParams, writeInboxParams, type InboxParams, type InboxParamsChange } from "@/lib/client/list/inbox-params";
import { viewKeyOf } from "@/lib/client/stores/selection";

export type { InboxParams, InboxParamsChange };

/** How a change enters the browser's history: a new entry (Back undoes it), or in place of the current one. */
export type HistoryMode = "push" | "replace";

/**
 * The inbox's view (lib/client/list/inbox-params) as the URL has it, and the setter that changes
 * it. It is read from a small store over the browser's location, so a change draws in the task
 * of the click or key that made it; Next's router (`useSearchParams`) supplies the server's render
 * and hydration, and its own navigations. The location is written through `history.pushState`
 * and `replaceState`, which Next's router follows — shallow: no server round trip.
 */
export function useInboxParams(): [InboxParams, typeof setInboxParams] {
  // Null only under the Pages Router (its one page, pages/login.tsx, draws none of this).
  const routed = useSearchParams()?.toString() ?? "";
  const search = useSyncExternalStore(subscribe, currentSearch, () => routed);
  // Next's own navigations (`router.push` to an inbox URL: a notification's Open) render before
  // Next writes the location, in the same commit: by the layout effects it is written, read it again.
  useLayoutEffect(() => {
    if (pending === null) listeners.forEach((listener) => listener());
  }, [routed]);
  return [paramsOf(search), setInboxParams];
}

/** The last query read, shared: a dozen components read the view at each change, and all get one object. */
let parsed: { search: string; params: InboxParams } | null = null;

function paramsOf(search: string): InboxParams {
  if (parsed?.search !== search) parsed = { search, params: readInboxParams(new URLSearchParams(search)) };
  return parsed.params;
}

/**
 * Changes the URL's view. Changes within 50 ms of each other (j held down) are one write of
 * the last, a new entry if any of them asked for one: browsers refuse or drop history writes
 * past a rate (Safari throws after 100 in 30 s), and the screen follows the store at once anyway.
 * The write itself waits for the browser to be idle after that (at most 200 ms more): Next's
 * router follows a history write by drawing every reader of the URL again, work that has no
 * place among the frames that answer the click (issue 18).
 */
export function setInboxParams(change: InboxParamsChange, options: { history?: HistoryMode } = {}): void {
  if (pending === null) pendingOver = locationKey();
  pending = writeInboxParams(new URLSearchParams(currentSearch()), change).toString();
  pushing ||= (options.history ?? "push") === "push";
  flushTimer ??= setTimeout(() => {
    if (typeof requestIdleCallback === "function") flushIdle = requestIdleCallback(flush, { timeout: IDLE_WAIT_MS });
    else flush();
  }, WRITE_EVERY_MS);
  listeners.forEach((listener) => listener());
}

const WRITE_EVERY_MS = 50;
const IDLE_WAIT_MS = 200;
const listeners = new Set<() => void>();
/** The view set but not yet written to the location, as a query without `?`. */
let pending: string | null = null;
let pushing = false;
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let flushIdle: number | null = null;
/** The location a waiting write was made over: another navigation since (Next's router) wins over it. */
let pendingOver = "";
const locationKey = () => window.location.pathname + window.location.search;

/** The location's query as URLSearchParams writes it (as `useSearchParams` does), parsed once per change. */
let located = { raw: "", search: "" };

function currentSearch(): string {
  if (pending !== null) return pending;
  const raw = window.location.search;
  if (raw !== located.raw) located = { raw, search: new URLSearchParams(raw).toString() };
  return located.search;
}

/** Stops a write that is waiting (its timer or its idle callback). */
function cancelFlush() {
  if (flushTimer !== null) clearTimeout(flushTimer);
  if (flushIdle !== null) cancelIdleCallback(flushIdle);
  flushTimer = null;
  flushIdle = null;
}

/** Forgets the waiting write: the location is the view again. */
function dropPending() {
  cancelFlush();
  pending = null;
  pushing = false;
  listeners.forEach((listener) => listener());
}

function flush() {
  cancelFlush();
  if (pending === null) return;
  // Someone else moved the page meanwhile (a notification's Open, a link to Settings): the view is the location's again.
  if (locationKey() !== pendingOver) return dropPending();
  const url = `${window.location.pathname}${queryString(new URLSearchParams(pending))}${window.location.hash}`;
  const write = pushing ? window.history.pushState : window.history.replaceState;
  pending = null;
  pushing = false;
  write.call(window.history, null, "", url);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

// Back and Forward: the location is the view again, and a write still waiting would undo them.
if (typeof window !== "undefined") {
  window.addEventListener("popstate", dropPending);
  // A page left within the wait (a reload right after a click) keeps the view it showed.
  window.addEventListener("pagehide", flush);
}

/** A link to an inbox view (`?…`, after `base` when given); unset values, and the default folder, are left out. */
export function inboxHref(values: InboxParamsChange): string;
export function inboxHref(base: string, values: InboxParamsChange): string;
export function inboxHref(first: string | InboxParamsChange, second?: InboxParamsChange): string {
  const [base, values] = typeof first === "string" ? [first, second ?? {}] : ["", first];
  return base + queryString(writeInboxParams(new URLSearchParams(), values));
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
