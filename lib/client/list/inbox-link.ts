"use client";

import { useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, type MouseEvent } from "react";
import { filtersOf, readInboxParams } from "@/lib/client/list/inbox-params";
import { FOLDERS } from "@/lib/api/thread-list-rules";
import { inboxHref, type setInboxParams } from "@/lib/client/list/inbox-url";
import { threadQueries } from "@/lib/client/queries/threads";

/** The setter of the inbox's view in the URL (the second of useInboxParams' pair). */
export type SetInboxParams = typeof setInboxParams;

/**
 * A click on one of the navigation's links, which are plain anchors (next/link's code was about
 * 3 kB of the inbox's first load, for what this does itself):
 *
 * - to another view of the inbox, made while on the inbox: the view changes in the browser — the
 *   URL's query, with a history entry — as `g i` does, without the server round trip a page
 *   navigation costs; the lists are in the cache. `setParams` is the shell's (useInboxParams):
 *   a link has no need to follow the URL itself, which would draw every link again on each
 *   conversation opened;
 * - to another page (the pipeline, the settings): Next's router, as next/link would.
 *
 * The link's `href` still serves a new tab, a copy, and a click with a modifier key or another
 * button, which stay the browser's.
 */
export function useInboxLinkClick(setParams: SetInboxParams): (event: MouseEvent<HTMLAnchorElement>) => void {
  const pathname = usePathname();
  const router = useRouter();
  return useCallback(
    (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const url = new URL(event.currentTarget.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      // Every parameter is read from the link (null when absent): the new view replaces the old whole.
      if (pathname === "/" && url.pathname === "/") setParams(readInboxParams(url.searchParams));
      else router.push(`${url.pathname}${url.search}`);
    },
    [pathname, router, setParams],
  );
}

/**
 * A pointer resting on (or focus reaching) a link of the navigation reads ahead what it shows: on
 * the inbox, another view's first page, with the list's own query, so the click shows rows at
 * once (a page in the cache is not read again; the BFF's shared cache answers most of the rest);
 * anything else, Next's prefetch of that page. The links themselves do not prefetch
 * (`prefetch={false}`): Next prefetched every visible one again after each navigation, and a
 * thread open is one (its URL changes), so every open cost the server a render of each linked
 * page while it answered the thread's own reads.
 */
export function useInboxLinkPrefetch(): (href: string) => void {
  const pathname = usePathname();
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(
    (href) => {
      const url = new URL(href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (pathname !== "/" || url.pathname !== "/") {
        router.prefetch(href);
        return;
      }
      const params = readInboxParams(url.searchParams);
      // The Snoozed and Mentions views read other sources.
      if (params.view !== null) return;
      // Any copy in the cache will do (events mark a changed list stale, and a stale one is read again).
      void queryClient.prefetchInfiniteQuery({ ...threadQueries.list(filtersOf(params)), staleTime: Number.POSITIVE_INFINITY });
    },
    [pathname, queryClient, router],
  );
}

/** Every folder's link, as the navigation names them. */
const FOLDER_HREFS = FOLDERS.map((folder) => `/${inboxHref({ folder })}`);

/**
 * The folders' first pages, read ahead once the inbox is idle after it loads, so a first switch
 * of folder shows rows at once (touch and keyboard give no hover to read ahead on, and a phone's
 * navigation is not even drawn until it opens). The BFF answers lists from its event-fed index:
 * no request of the team's API quota is spent.
 */
export function useReadAheadFolders(): void {
  const readAhead = useInboxLinkPrefetch();
  useEffect(() => {
    const run = () => FOLDER_HREFS.forEach(readAhead);
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(run, IDLE_TIMEOUT_MS);
    return () => window.clearTimeout(handle);
  }, [readAhead]);
}

/** How long the read-ahead waits for the browser to be idle at most (and where it never says, as Safari). */
const IDLE_TIMEOUT_MS = 2_000;
