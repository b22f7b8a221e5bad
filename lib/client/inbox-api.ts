import type { z } from "zod";
import { transport } from "@/lib/api/client-transport";
import type { InboxEndpoints } from "@/lib/api/inbox-endpoints";
import { INBOX_ROUTES, type InboxOperation } from "@/lib/api/inbox-routes";
import { toSearchParams } from "@/lib/api/search-params";
import { paintFirstFetch } from "@/lib/client/after-paint";
import { withOutageRetry } from "@/lib/client/outage-retry";

/**
 * The browser's client for the inbox's own endpoints: the method and path come from their row
 * of lib/api/inbox-routes, the body is the row's schema's input and the answer its response's
 * output (lib/api/inbox-endpoints, by type alone: the server's `endpoint()` checks requests and
 * writes the answers, so no schema is shipped to the page). Errors are the same `ApiError`s as
 * the API client's (the spec's body; `networkError` when the server cannot be reached). A PATCH
 * or PUT met by a passing outage is made again by itself (lib/client/outage-retry).
 */
type Row<O extends InboxOperation> = InboxEndpoints[O];
/** The operations the browser calls: those with a JSON answer in the table. */
export type InboxCall = { [O in InboxOperation]: Row<O> extends { response: z.ZodType } ? O : never }[InboxOperation];

type Answer<O extends InboxCall> = Row<O> extends { response: infer Schema extends z.ZodType } ? z.output<Schema> : never;
type Body<O extends InboxCall> = Row<O> extends { body: infer Schema extends z.ZodType } ? z.input<Schema> : never;
type Query<O extends InboxCall> = Row<O> extends { query: infer Schema extends z.ZodType } ? { [K in keyof z.input<Schema>]?: string | number } : never;

export type InboxCallInput<O extends InboxCall> = {
  /** Values of the path's `:name` segments. */
  params?: Record<string, string>;
  query?: Query<O>;
  body?: Body<O>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a draft saved as the tab closes). */
  keepalive?: boolean;
};

// The API client's transport (lib/api/client-transport): the same errors, the same abort handling,
// and requests started after the frame that answers the input (lib/client/after-paint).
const send = transport({ baseUrl: "", fetch: withOutageRetry(paintFirstFetch) });

export async function inboxApi<O extends InboxCall>(operation: O, input: InboxCallInput<O> = {}): Promise<Answer<O>> {
  const row = INBOX_ROUTES[operation];
  const path = row.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${operation} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const { json } = await send(row.method, path, {
    search: toSearchParams(input.query),
    payload: input.body === undefined ? undefined : JSON.stringify(input.body),
    options: { signal: input.signal, keepalive: input.keepalive },
  });
  return json as Answer<O>;
}
