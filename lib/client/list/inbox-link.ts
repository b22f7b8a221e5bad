"use client";

import { usePathname } from "next/navigation";
import { createLoader } from "nuqs";
import { useCallback, type MouseEvent } from "react";
import { inboxParams, useInboxParams } from "@/lib/client/list/inbox-url";

const loadInboxParams = createLoader(inboxParams);

/**
 * A click on a link to another view of the inbox (a folder, a queue, a tag), made while on the
 * inbox: the view changes in the browser — the URL's query, with a history entry — as `g i`
 * does, without the server round trip a page navigation costs; the lists are in the cache.
 * The link's `href` still serves a new tab, a copy, and a click with a modifier key.
 */
export function useInboxLinkClick(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const pathname = usePathname();
  const [, setParams] = useInboxParams();
  return useCallback(
    (event) => {
      if (pathname !== "/" || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const url = new URL(event.currentTarget.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname !== "/") return;
      event.preventDefault();
      // Every parameter is read from the link (null when absent): the new view replaces the old whole.
      void setParams(loadInboxParams(url));
    },
    [pathname, setParams],
  );
}
