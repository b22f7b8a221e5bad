import { QueryClient } from "@tanstack/react-query";
import { isBranded } from "@/lib/api/branded-error";
import type { ApiError } from "@/lib/api/errors";
import { toast } from "@/lib/client/stores/toasts";

/**
 * The browser's QueryClient defaults:
 * - reads stay fresh for 30 s (server events and targeted invalidation keep them current);
 * - a 4xx does not change on retry, except 408 and 429; network errors and 5xx retry twice;
 * - a 429 waits as long as the API's `Retry-After` says and says so ("busy — retrying in N s"),
 *   up to five times;
 * - writes never retry by themselves: only a send, with its idempotency key, may be retried.
 */
const MAX_RETRIES = 2;
const MAX_RATE_LIMIT_RETRIES = 5;

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (isRateLimited(error)) return failureCount < MAX_RATE_LIMIT_RETRIES;
          return !isPermanentClientError(error) && failureCount < MAX_RETRIES;
        },
        retryDelay: (failureCount, error) => {
          if (isRateLimited(error)) {
            const seconds = Math.max(1, error.retryAfter ?? 2 ** failureCount);
            announceBusy(seconds);
            return seconds * 1000;
          }
          return Math.min(1000 * 2 ** failureCount, 10_000);
        },
      },
      mutations: { retry: false },
    },
  });
}

let lastAnnounced = 0;
/** One toast per wait, however many queries are waiting out the same limit. */
function announceBusy(seconds: number) {
  const now = Date.now();
  if (now - lastAnnounced < seconds * 1000) return;
  lastAnnounced = now;
  toast({ title: `Busy — retrying in ${seconds} s`, description: "Your team is using its request quota; nothing is lost." });
}

// lib/api/errors' isApiError, by its brand: that module builds the error schemas with zod, which
// every page would then load with this client (the login page never needs zod otherwise).
function isApiError(error: unknown): error is ApiError {
  return isBranded(error, "ApiError");
}

function isRateLimited(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 429;
}

function isPermanentClientError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
