import { codeForStatus } from "@/lib/api/client-transport";
import { readErrorBody } from "@/lib/api/errors";

/**
 * A passing outage: no answer at all, 502 upstreamUnavailable (a proxy's bare 502 counts, as
 * lib/api/client-transport's `codeForStatus` reads it), 503 or 504. It is what a browser meets while an
 * instance restarts behind the load balancer, or while the API is briefly unreachable; a 502
 * with another code (sendUnconfirmed) is an answer, not an outage.
 */
export function isPassingOutage(error: { status: number; code: string }): boolean {
  return error.code === "networkError" || error.code === "upstreamUnavailable" || error.status === 503 || error.status === 504;
}

/** The waits before the second, third and fourth tries of a write met by a passing outage. */
export const OUTAGE_WAITS_MS = [1_000, 2_000, 4_000] as const;

/**
 * Methods whose repetition changes nothing more than the first request did: every PATCH and PUT
 * of the API and the inbox sets values (lib/api/endpoints, lib/api/inbox-endpoints), so one that
 * met an outage — delivered or not — is simply made again. A POST is retried only by its owner
 * with an Idempotency-Key (lib/client/thread/send); a DELETE repeated after it took effect
 * answers 404, so it is left to the person.
 */
const REPEATABLE = new Set(["PATCH", "PUT"]);

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * `fetch` that waits out a passing outage for PATCH and PUT (1, 2 and 4 s) before giving the
 * caller the last answer, so a change made while an instance restarts lands instead of showing
 * an error. Reads are retried by react-query (lib/client/query-client), sends by the outbox.
 */
export function withOutageRetry(fetchImpl: Fetch, sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms))): Fetch {
  return async (input, init) => {
    if (!REPEATABLE.has((init?.method ?? "GET").toUpperCase())) return fetchImpl(input, init);
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt === OUTAGE_WAITS_MS.length;
      try {
        const response = await fetchImpl(input, init);
        if (last || !(await answersOutage(response))) return response;
      } catch (error) {
        if (last || init?.signal?.aborted || (error instanceof Error && error.name === "AbortError")) throw error;
      }
      await sleep(OUTAGE_WAITS_MS[attempt]!);
      if (init?.signal?.aborted) throw init.signal.reason;
    }
  };
}

async function answersOutage(response: Response): Promise<boolean> {
  if (response.status < 502 || response.status > 504) return false;
  const body = readErrorBody(await response.clone().json().catch(() => null));
  const outage = isPassingOutage({ status: response.status, code: body ? body.code : codeForStatus(response.status) });
  // A response not handed on is read to its end, so its connection goes back to the pool.
  if (outage) await response.body?.cancel();
  return outage;
}
