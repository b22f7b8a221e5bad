import { z } from "zod";

/**
 * Query strings as the spec demands: several values are passed by repeating the key
 * (`?tag=a&tag=b`). Brackets (`tag[]=`) and comma-separated values are 400 invalidRequest.
 * The clients write them with lib/api/search-params and the sandbox and the BFF read them here,
 * with the same rules, so the two cannot drift apart.
 */

export { toSearchParams, type QueryParams, type QueryValue } from "./search-params";

/** A boolean query flag: `true` or `false` on the wire, a boolean in code. */
export const queryBoolean = z.union([
  z.boolean(),
  z.enum(["true", "false"]).transform((v) => v === "true"),
]);

/** An integer query value: a number in code, digits on the wire. */
export function queryInt(min: number, max: number) {
  return z.union([z.number(), z.string().regex(/^-?\d+$/, "Expected an integer").transform(Number)]).pipe(
    z.number().int().min(min).max(max),
  );
}

export type QueryDefinition<Schema extends z.ZodType> = {
  schema: Schema;
  /** Keys that may repeat; every other key may appear once. */
  repeatable: ReadonlySet<string>;
  /** The keys the endpoint takes. */
  keys: ReadonlySet<string>;
  /** What a key it does not take gets: ignored (the API), or refused (`strictQuery`). */
  unknownKeys: "ignore" | "reject";
};

/**
 * A query's schema from its shape. Array-valued keys are the repeatable ones.
 *
 * Unknown keys are ignored (our choice, made here): the spec refuses brackets, comma-separated
 * values and malformed values (those are still 400 invalidRequest, on any key), and says
 * nothing against a key it does not list; within version 2 parameters can be added, so an
 * older service must not refuse a newer client's optional one. The cost, a misspelt filter
 * answering a wider list, is why our own clients send only typed keys, and why the inbox's BFF,
 * which forwards the query string as it came, refuses them (`strictQuery`, lib/api/endpoints).
 * Version 1 (frozen) and the outreach resources (version 1 shapes) keep refusing them.
 */
export function defineQuery<Shape extends z.ZodRawShape>(shape: Shape) {
  const keys = new Set(Object.keys(shape));
  const repeatable = new Set([...keys].filter((key) => isArraySchema(shape[key])));
  return { schema: z.object(shape), repeatable, keys, unknownKeys: "ignore" as "ignore" | "reject" };
}

/** The same query, refusing any key it does not take with 400 invalidRequest. */
export function strictQuery<Schema extends z.ZodType>(definition: QueryDefinition<Schema>): QueryDefinition<Schema> {
  return { ...definition, unknownKeys: "reject" };
}

export type QueryParseResult<T> = { success: true; data: T } | { success: false; message: string };

/** Parses a URL's query against a definition, enforcing the spec's encoding rules first. */
export function parseQuery<Schema extends z.ZodType>(
  definition: QueryDefinition<Schema>,
  search: URLSearchParams,
): QueryParseResult<z.output<Schema>> {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    if (key.includes("[") || key.includes("]")) {
      return { success: false, message: `Bracket keys are not accepted (${key}); repeat the key instead` };
    }
    if (!definition.keys.has(key)) {
      if (definition.unknownKeys === "reject") return { success: false, message: `Unknown query parameter: ${key}` };
      continue;
    }
    if (definition.repeatable.has(key)) {
      if (value.includes(",")) {
        return { success: false, message: `Comma-separated values are not accepted for ${key}; repeat the key instead` };
      }
      const list = raw[key];
      raw[key] = Array.isArray(list) ? [...list, value] : [value];
    } else {
      if (Object.hasOwn(raw, key)) return { success: false, message: `${key} may be given once` };
      raw[key] = value;
    }
  }
  const parsed = definition.schema.safeParse(raw);
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, message: describeIssues(parsed.error) };
}

/** One sentence from zod's issues: the first few paths and messages. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

function isArraySchema(schema: unknown): boolean {
  let current: unknown = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) {
    current = current.unwrap();
  }
  return current instanceof z.ZodArray;
}

/** `limit` and `cursor`, the whole query of a plain paginated collection. */
export const pageQuery = defineQuery({
  limit: queryInt(1, 100).optional(),
  cursor: z.string().min(1).optional(),
});
export type PageQuery = z.input<typeof pageQuery.schema>;
/** The same for the outreach collections, which keep version 1's strictness (lib/api/outreach/leads.ts). */
export const outreachPageQuery = strictQuery(pageQuery);
