import { z } from "zod";

/**
 * Version 1 query strings: nested bracket keys (`filters[tags][selectedIds][0]=…`) and the
 * three array encodings, all accepted for every array: repeated keys (`ids=a&ids=b`),
 * empty brackets (`ids[]=a&ids[]=b`) and indices (`ids[0]=a&ids[1]=b`, ordered by index).
 * The encodings may be mixed. The result is a plain object for a zod schema to validate;
 * `v1Array` and `v1Scalar` let one schema accept a key given once or several times.
 */

export type V1QueryProblem = { field: string; issue: string; message: string };
export type V1QueryResult<T> = { success: true; data: T } | { success: false; problem: V1QueryProblem };

type Node = { values: { index: number; order: number; value: string }[]; array: boolean; children: Map<string, Node> };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const MAX_INDEX = 999;

/** The query as nested objects: strings, or arrays of strings where a key holds several values. */
export function nestQuery(search: URLSearchParams): V1QueryResult<Record<string, unknown>> {
  const root: Node = { values: [], array: false, children: new Map() };
  let order = 0;
  for (const [key, value] of search) {
    const match = KEY.exec(key);
    if (!match) return problem(key, "malformed", `The query key ${key} is not a name with [bracketed] parts`);
    const parts = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    const last = parts.at(-1)!;
    const indexed = parts.length > 1 && (last === "" || /^\d+$/.test(last));
    const path = indexed ? parts.slice(0, -1) : parts;
    if (path.some((p) => p === "" || /^\d+$/.test(p))) return problem(key, "malformed", `Only the last bracket of ${key} may be an index`);
    const index = indexed && last !== "" ? Number(last) : Number.POSITIVE_INFINITY;
    if (index !== Number.POSITIVE_INFINITY && index > MAX_INDEX) return problem(key, "too_big", `Array indices go up to ${MAX_INDEX}`);
    let node = root;
    for (const part of path) {
      let child = node.children.get(part);
      if (!child) node.children.set(part, (child = { values: [], array: false, children: new Map() }));
      node = child;
    }
    node.values.push({ index, order: order++, value });
    if (indexed) node.array = true;
  }
  return build(root, []);
}

function build(node: Node, path: string[]): V1QueryResult<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, child] of node.children) {
    const field = [...path, name].join(".");
    if (child.values.length && child.children.size) {
      return problem(field, "malformed", `${field} is given both as a value and as an object`);
    }
    if (child.children.size) {
      const nested = build(child, [...path, name]);
      if (!nested.success) return nested;
      out[name] = nested.data;
    } else if (child.array || child.values.length > 1) {
      out[name] = [...child.values].sort((a, b) => a.index - b.index || a.order - b.order).map((v) => v.value);
    } else {
      out[name] = child.values[0]!.value;
    }
  }
  return { success: true, data: out };
}

/** Parses a query against a schema; the first issue becomes the `VALIDATION_ERROR` details. */
export function parseV1Query<Schema extends z.ZodType>(schema: Schema, search: URLSearchParams): V1QueryResult<z.output<Schema>> {
  const nested = nestQuery(search);
  if (!nested.success) return nested;
  const parsed = schema.safeParse(nested.data);
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, problem: v1Problem(parsed.error) };
}

/** The first zod issue as a v1 problem: `field` is its dotted path, or the unknown key itself. */
export function v1Problem(error: z.ZodError, fallbackField = "body"): V1QueryProblem {
  const issue = error.issues[0]!;
  const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
  const path = [...issue.path.map(String), ...keys.slice(0, 1)];
  const field = path.length ? path.join(".") : fallbackField;
  const missing = issue.code === "invalid_type" && issue.message.includes("received undefined");
  return { field, issue: missing ? "required" : issue.code, message: `${field}: ${issue.message}` };
}

/** An array key: accepts one value or several, in any of the three encodings. */
export function v1Array<Item extends z.ZodType>(item: Item, max = 100) {
  return z.preprocess((v) => (typeof v === "string" ? [v] : v), z.array(item).min(1).max(max));
}

/** A key that may be given once; repeating it is a `VALIDATION_ERROR`. */
export function v1Scalar<Inner extends z.ZodType<unknown, string>>(inner: Inner) {
  return z.string({ error: (issue) => (Array.isArray(issue.input) ? "Given more than once" : undefined) }).pipe(inner);
}

export const v1Boolean = v1Scalar(z.enum(["true", "false"]).transform((v) => v === "true"));

export function v1Int(min: number, max: number) {
  return v1Scalar(z.string().regex(/^\d+$/, "Expected an integer").transform(Number).pipe(z.number().int().min(min).max(max)));
}

function problem(field: string, issue: string, message: string): { success: false; problem: V1QueryProblem } {
  return { success: false, problem: { field, issue, message } };
}
