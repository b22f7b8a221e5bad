/**
 * Signing in and out at better-auth's endpoints (app/api/auth), with `fetch` alone: its browser
 * client weighs 12 kB gzip for these two requests (issue 18). Sessions are HttpOnly cookies: the
 * browser never reads them, and it never holds the API token either.
 */
const AUTH_BASE = "/api/auth";

export type SignInResult = { ok: true } | { ok: false; status: number; retryAfterSeconds: number | null };

/** Email and password; a refusal's status (0 offline) and, when throttled, the seconds to wait. */
export async function signInWithEmail(email: string, password: string): Promise<SignInResult> {
  const response = await postJson(`${AUTH_BASE}/sign-in/email`, { email, password });
  if (!response) return { ok: false, status: 0, retryAfterSeconds: null };
  if (response.ok) return { ok: true };
  // lib/server/accounts/auth sends both when it throttles an account.
  const wait = Number(response.headers.get("retry-after") ?? response.headers.get("x-retry-after"));
  return { ok: false, status: response.status, retryAfterSeconds: wait > 0 ? wait : null };
}

/** Ends the session; a failure leaves nothing to do but go to the login page anyway. */
export async function signOut(): Promise<void> {
  await postJson(`${AUTH_BASE}/sign-out`, {});
}

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

/** A same-origin JSON POST; null when the server cannot be reached. */
async function postJson(url: string, body: unknown): Promise<Response | null> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" }).catch(() => null);
}
