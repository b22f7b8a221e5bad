/**
 * Signing in and out at better-auth's endpoints (app/api/auth), with `fetch` alone: its browser
 * client weighs 12 kB gzip for these two requests (issue 18). Sessions are HttpOnly cookies: the
 * browser never reads them, and it never holds the API token either.
 *
 * `signInWithEmail` and `signInErrorSentence` are self-contained (no imports, no helpers, the
 * endpoint written out): the login page sends them to the browser as source text
 * (lib/client/login-script).
 */
export type SignInResult = { ok: true } | { ok: false; status: number; retryAfterSeconds: number | null };

/** Email and password, as JSON (the only body sign-in takes); a refusal's status (0 offline) and, when throttled, the seconds to wait. */
export async function signInWithEmail(email: string, password: string): Promise<SignInResult> {
  const response = await fetch("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
    credentials: "same-origin",
  }).catch(() => null);
  if (!response) return { ok: false, status: 0, retryAfterSeconds: null };
  if (response.ok) return { ok: true };
  // lib/server/accounts/auth sends both when it throttles an account.
  const wait = Number(response.headers.get("retry-after") ?? response.headers.get("x-retry-after"));
  return { ok: false, status: response.status, retryAfterSeconds: wait > 0 ? wait : null };
}

/** Ends the session; a failure leaves nothing to do but go to the login page anyway. */
export async function signOut(): Promise<void> {
  await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}", credentials: "same-origin" }).catch(() => null);
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
