import "server-only";

/** Where to go after signing in: a path of ours, never another site (`//evil.example`, `https:…`). */
export function safeReturnPath(value: string | string[] | undefined): string {
  const path = Array.isArray(value) ? value[0] : value;
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || path.startsWith("/login")) return "/";
  return path;
}
