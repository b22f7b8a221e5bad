/**
 * Query strings as the spec demands, written: several values are passed by repeating the key
 * (`?tag=a&tag=b`). lib/api/query reads them with the same rules (brackets and comma-separated
 * values are 400 invalidRequest); this half has no schema, so the browser's client takes it alone.
 */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

/** Repeated keys for arrays, `true`/`false` for booleans; `undefined`, `null` and `[]` are left out. */
export function toSearchParams(params: QueryParams | undefined): URLSearchParams {
  const search = new URLSearchParams();
  if (!params) return search;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) search.append(key, String(v));
  }
  return search;
}
