import "server-only";
import { createApiClient, type ApiClient } from "@/lib/api/client";
import type { Viewer } from "../access/visibility";
import type { Gateway } from "../gateway/gateway";
import { requestId } from "../runtime/log";
import { proxy } from "./proxy";
import { errorResponse } from "./route";

const ROOT = "http://bff.invalid/api/v2";

/**
 * API v2 as the BFF answers the browser, for server-rendered pages: each read goes through the
 * proxy itself — the endpoint table, the policy for the viewer's role, their visibility, the
 * gateway's cache — with no HTTP hop, so a page renders what the browser would have fetched and
 * nothing more. Reads only: a change is the browser's, through the route wrapper's CSRF check
 * and the activity log.
 */
export function pageApi(gateway: Gateway, viewer: Viewer, onAnswer: (answer: Response) => void = () => {}): ApiClient {
  return createApiClient({
    baseUrl: ROOT,
    fetch: async (input, init) => {
      const method = (init?.method ?? "GET").toUpperCase();
      if (method !== "GET") throw new Error(`A page may only read: ${method} refused`);
      const url = new URL(String(input));
      const path = url.pathname.slice(new URL(ROOT).pathname.length) || "/";
      let answer: Response;
      try {
        answer = await proxy({ method, path, search: url.searchParams, headers: new Headers(init?.headers), bodyText: null }, { gateway, viewer });
      } catch (error) {
        // As the route wrapper answers the browser: the spec's body, which the client turns into its ApiError.
        answer = errorResponse(error, requestId());
      }
      onAnswer(answer);
      return answer;
    },
  });
}

/** Whether an answer came from the inbox's last good copy because the API failed (the browser says "reconnecting"). */
export function servedStale(answer: Response): boolean {
  return answer.headers.get("x-cache") === "stale";
}
