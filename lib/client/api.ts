import { createBffClient } from "@/lib/api/bff-client";
import { paginateItems, type ApiResult } from "@/lib/api/client-transport";
import type { Page } from "@/lib/api/primitives";
import { paintFirstFetch } from "@/lib/client/after-paint";
import { withOutageRetry } from "@/lib/client/outage-retry";
import { observeAnswer } from "@/lib/client/stores/connection";

/**
 * The browser's API v2 client: the BFF at `/api/v2`, no token (the server holds it; the
 * session cookie goes along by itself). One instance for the whole app. A change (PATCH, PUT)
 * met by a passing outage is made again by itself (lib/client/outage-retry). Requests start
 * after the frame that answers the input which asked for them (lib/client/after-paint).
 */
export const api = createBffClient({
  baseUrl: "/api/v2",
  fetch: withOutageRetry(async (input, init) => {
    const response = await paintFirstFetch(input, init);
    observeAnswer(response);
    return response;
  }),
});

/**
 * For an optimistic change (a reaction, an assignment, a tag): the screen shows it at once, so
 * a reload or a closed tab right after must not cancel the request, or the change would come
 * back undone (seen with read marks and reactions in the journeys' traces).
 */
export const OUTLIVES_PAGE = { keepalive: true } as const;

/** Every item of a small collection (members, tags, account links), page after page. */
export async function allItems<Item, Query extends { cursor?: string; limit?: number }>(
  list: (query: Query) => Promise<ApiResult<Page<Item>>>,
  query: Omit<Query, "cursor"> = {} as Omit<Query, "cursor">,
): Promise<Item[]> {
  const items: Item[] = [];
  for await (const item of paginateItems(list, { limit: 100, ...query } as Omit<Query, "cursor">)) items.push(item);
  return items;
}
