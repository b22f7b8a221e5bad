import { apiMethods, type Answer, type ApiMethods, type CallRequest } from "./client-methods";
import { CLIENT_CONTRACT, type ClientOperation, type ContractRow } from "./client-contract";
import { invalidRequest, transport, type ApiClientOptions, type ApiResult, type Method } from "./client-transport";
import { ApiError } from "./errors";
import { describeIssues, parseQuery } from "./query";
import { toSearchParams } from "./search-params";

// What the BFF, the benches and the tests take from here with the client.
export { paginate, paginateItems, parseRetryAfter, type ApiResult, type SendOptions } from "./client-transport";

/**
 * The typed client of API v2, one method per endpoint (lib/api/client-methods), checked
 * against the contract both ways: the BFF's client upstream (base URL and token), the
 * benchmarks' and the tests'. The browser uses `createBffClient` (lib/api/bff-client), the
 * same methods unchecked, against the BFF that checked for it.
 *
 * Requests are checked before they travel (an invalid query or body throws `ApiError` 400
 * invalidRequest with no request made; a body field the contract does not know is dropped, as
 * the API would ignore it); answers are parsed with the contract (502 `unexpectedResponse`
 * when one breaks it). Every result carries the rate-limit headers (lib/api/client-transport).
 */
export type ApiClient = ApiMethods;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = transport(options);

  async function call<O extends ClientOperation>(operation: O, method: Method, pathOf: string | (() => string), request: CallRequest): Promise<ApiResult<Answer<O>>> {
    const contract: ContractRow = CLIENT_CONTRACT[operation];
    // Built here, inside the promise, so an invalid ID rejects like every other error.
    const path = typeof pathOf === "string" ? pathOf : pathOf();
    const search = toSearchParams(request.query);
    if (contract.query) {
      const checked = parseQuery(contract.query, search);
      if (!checked.success) throw invalidRequest(checked.message);
    }
    let payload: string | undefined;
    if (contract.body) {
      const checked = contract.body.safeParse(request.body);
      if (!checked.success) throw invalidRequest(describeIssues(checked.error));
      // What was validated is what is sent: names trimmed, defaults applied.
      payload = JSON.stringify(checked.data);
    }

    const { json, ...meta } = await send(method, path, { search, payload, headers: request.headers, options: request.options });
    if (contract.response === null || meta.status === 204) return { ...meta, body: undefined as Answer<O> };
    const parsed = contract.response.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({
        status: 502,
        code: "unexpectedResponse",
        details: { issues: describeIssues(parsed.error), path },
        requestId: meta.requestId,
      });
    }
    return { ...meta, body: parsed.data as Answer<O> };
  }

  return apiMethods(call);
}
