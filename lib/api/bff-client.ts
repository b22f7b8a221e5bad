import { apiMethods, type Answer, type ApiMethods, type CallRequest } from "./client-methods";
import type { ClientOperation } from "./client-contract";
import { transport, type ApiClientOptions, type ApiResult, type Method } from "./client-transport";
import { toSearchParams } from "./search-params";

/**
 * API v2's typed client for the browser: the methods of lib/api/client-methods, sent as they
 * are to the BFF (`/api/v2`), which checks every request against the contract (strictly:
 * lib/api/endpoints) and hands on only answers its own checked client read upstream. So nothing
 * is checked twice, and no schema — nor zod, a tenth of the page's JavaScript — is shipped to
 * the page (issue 18). Errors are the same `ApiError`s as the checked client's.
 */
export function createBffClient(options: ApiClientOptions): ApiMethods {
  const send = transport(options);

  async function call<O extends ClientOperation>(_operation: O, method: Method, pathOf: string | (() => string), request: CallRequest): Promise<ApiResult<Answer<O>>> {
    // Built here, inside the promise, so an invalid ID rejects like every other error.
    const path = typeof pathOf === "string" ? pathOf : pathOf();
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const { json, ...meta } = await send(method, path, { search: toSearchParams(request.query), payload, headers: request.headers, options: request.options });
    return { ...meta, body: json as Answer<O> };
  }

  return apiMethods(call);
}
