/**
 * What a request path may hold, for the inbox and the sandbox alike: every segment decodes as
 * UTF-8 percent-encoding, and none holds a control character once decoded (a path names a
 * service ID, or a tag or status by name, and neither has one; a NUL would reach the database).
 * Anything else is 400 invalidRequest, answered before routing.
 */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/** A path segment decoded, or null when its percent-encoding is malformed. */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Why a raw (still percent-encoded) path is refused, in a sentence; null when it is well formed. */
export function pathProblem(rawPath: string): string | null {
  for (const segment of rawPath.split("/")) {
    const decoded = decodePathSegment(segment);
    if (decoded === null) return "The request path has malformed percent-encoding.";
    if (CONTROL_CHARACTER.test(decoded)) return "The request path holds a control character.";
  }
  return null;
}

/**
 * The decoded parameters of `path` under `pattern`, or null when it does not match. `:name`
 * takes one non-empty segment; a trailing `*` (the inbox's catch-all routes,
 * lib/api/inbox-endpoints) takes the rest of the path, one segment or more, as parameter `*`.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  const rest = want.at(-1) === "*";
  if (rest ? got.length < want.length : want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const tail = rest && i === want.length - 1;
    const actual = tail ? got.slice(i).join("/") : got[i]!;
    if (tail || segment.startsWith(":")) {
      const decoded = actual === "" ? null : decodePathSegment(actual);
      if (decoded === null) return null;
      params[tail ? "*" : segment.slice(1)] = decoded;
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}
