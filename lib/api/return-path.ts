/**
 * Where to go after signing in: a page of the inbox's own, else `/`. One rule for the server's
 * redirect and the return path it hands its form (lib/server/accounts/login-page); the form's
 * script only holds it to its own origin again (lib/client/login-script).
 *
 * The value is parsed as a URL against the inbox's origin, as a browser would resolve it, and
 * kept only when it lands on that origin. Before parsing, a value with any control, invisible or
 * space character is refused outright: the URL parser drops tabs and newlines (`/\t/evil.test`
 * becomes `//evil.test`, another host), browsers ignore zero-width and bidi marks, and none
 * of them can go in a `Location` header. The decoded path is held to the same rule and may not
 * start with `//` or `/\`, so no later decoding turns it into another host. What is returned is
 * the parser's own path, query and fragment, percent-encoded, never the raw value.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

export function safeReturnPath(value: string | string[] | undefined, origin: string): string {
  if (typeof value !== "string" || value === "" || UNSAFE.test(value)) return "/";
  let url: URL;
  let path: string;
  try {
    const base = new URL(origin);
    url = new URL(value, base);
    if (url.origin !== base.origin) return "/";
    path = decodeURIComponent(url.pathname);
  } catch {
    return "/";
  }
  if (UNSAFE.test(path) || path.startsWith("//") || path.startsWith("/\\")) return "/";
  // Back to the login page would only ask again.
  if (path === "/login" || path.startsWith("/login/")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
