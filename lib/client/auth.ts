import { createAuthClient } from "better-auth/react";

/**
 * better-auth's browser client, for signing in and out. Sessions are HttpOnly cookies: the
 * browser never reads them, and it never holds the API token either.
 */
export const authClient = createAuthClient({ basePath: "/api/auth" });

/** A plain sentence for a failed sign-in, from better-auth's status. */
export function signInErrorSentence(status: number, retryAfterSeconds: number | null): string {
  if (status === 401 || status === 400 || status === 403) return "That email and password don't match. Check them and try again.";
  if (status === 429) {
    const wait = retryAfterSeconds && retryAfterSeconds > 0 ? ` Try again in ${retryAfterSeconds} seconds.` : " Wait a minute and try again.";
    return `Too many sign-in attempts from here.${wait}`;
  }
  if (status === 0) return "You appear to be offline. Check your connection.";
  return "Signing in failed on our side. Try again in a moment.";
}
