import { QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";

import { InboxShell } from "@/components/inbox/inbox-shell";
import type { ApiClient } from "@/lib/api/client";
import { EARLY_INPUT_SCRIPT } from "@/lib/client/early-input-script";
import { LAYOUT_COOKIE, firstPaintIsPhone } from "@/lib/client/layout-cookie";
import { filtersOf, readInboxParams } from "@/lib/client/list/inbox-params";
import { teamQueries } from "@/lib/client/queries/team";
import { threadQueries, type ThreadFilters } from "@/lib/client/queries/threads";
import { ServerState } from "@/lib/client/server-state";
import { parseInboxLayout } from "@/lib/server/http/layout-cookie";
import { pageApi, servedStale } from "@/lib/server/http/page-api";
import { clientViewer, requireViewer } from "@/lib/server/http/session";
import { runtime } from "@/lib/server/runtime/runtime";

export const metadata: Metadata = { title: "Inbox" };

/** The view the URL names, as the browser reads it (lib/client/list/inbox-params). */
async function loadInboxParams(searchParams: Promise<Record<string, string | string[] | undefined>>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(key, item);
  }
  return readInboxParams(search);
}

/** How long the first paint may wait for the API; past it, the list loads in the browser as before. */
const FIRST_PAINT_BUDGET_MS = 1_500;

// The shell and the view's first rows come in the HTML, laid out as this browser last left them.
export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // The session first: without one, the login page, and nothing else started (not even at build time).
  const sessionViewer = await requireViewer();
  const [viewer, rt, params, cookieStore, requestHeaders] = await Promise.all([clientViewer(), runtime(), loadInboxParams(searchParams), cookies(), headers()]);
  const layout = parseInboxLayout(cookieStore.get(LAYOUT_COOKIE)?.value);
  const queryClient = new QueryClient();
  // An answer from the last good copy says the API is failing: the browser, which did not see it, is told.
  let stale = false;
  const client = pageApi(rt.gateway, sessionViewer, (answer) => (stale ||= servedStale(answer)));
  // A link's prefetch reads nothing: the inbox's own links change the view in the browser, and
  // data read now would be old by the click (each sidebar link would cost the server a first paint).
  const prefetch = requestHeaders.get("next-router-prefetch") !== null;
  const renderedAt = await prefetchFirstPaint(queryClient, filtersOf(params), prefetch ? null : client);
  return (
    // Only what arrived is handed over, to be read again once live; a failed or late read is the browser's to make, with its usual states.
    <ServerState state={dehydrate(queryClient)}>
      {/* Before the shell: rows clicked and keys pressed while the page's scripts still load happen once they run. */}
      <script nonce={requestHeaders.get("x-nonce") ?? undefined} dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />
      <InboxShell viewer={viewer} layout={layout} phone={firstPaintIsPhone(layout.phone, requestHeaders)} renderedAt={renderedAt} servedStale={stale} />
    </ServerState>
  );
}

/**
 * The view's first page and what its rows look up, under the keys the browser's hooks read.
 * Answers when that was: the rows' relative times are written against it. No client, no reads.
 */
async function prefetchFirstPaint(queryClient: QueryClient, filters: ThreadFilters, client: ApiClient | null): Promise<number> {
  if (!client) return Date.now();
  const reads = Promise.all([
    queryClient.prefetchInfiniteQuery(threadQueries.list(filters, client)),
    queryClient.prefetchQuery(teamQueries.members(client)),
    queryClient.prefetchQuery(teamQueries.tags(client)),
    queryClient.prefetchQuery(teamQueries.statuses(client)),
    queryClient.prefetchQuery(teamQueries.colors(client)),
    queryClient.prefetchQuery(teamQueries.platforms(client)),
    queryClient.prefetchQuery(teamQueries.accountLinks(client)),
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([reads, new Promise((resolve) => (timer = setTimeout(resolve, FIRST_PAINT_BUDGET_MS)))]);
  clearTimeout(timer);
  return Date.now();
}
