import { z } from "zod";

/**
 * Request bodies of API v2 ignore fields they do not know (our choice, made here; each body
 * schema is a `z.object`, which strips them): within version 2 fields can be added, so an
 * older service must not refuse a newer client's optional field, and a stripped field is never
 * applied. What the spec rejects, malformed input, is still 400 invalidRequest.
 *
 * `strictBody` is the exception's tool. The inbox's BFF checks its policy against the parsed
 * body but forwards the body as it came (an `Idempotency-Key` replay compares bodies), so a
 * field the schema stripped would reach the API unseen by the policy. Its table
 * (lib/api/endpoints) holds the same schemas made strict: every object in them, nested ones
 * included, refuses a key it does not take with 400 invalidRequest. Refinements are kept; an
 * object inside a transform or pipe is left as it is (none of the v2 bodies has one).
 */
export function strictBody<Schema extends z.ZodType>(schema: Schema): Schema {
  return strict(schema) as Schema;
}

function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, strict(field as z.ZodType)]));
    return schema.clone({ ...schema.def, shape, catchall: z.never() } as typeof schema.def);
  }
  if (schema instanceof z.ZodUnion) {
    return schema.clone({ ...schema.def, options: schema.options.map((option) => strict(option as z.ZodType)) } as typeof schema.def);
  }
  if (schema instanceof z.ZodArray) return schema.clone({ ...schema.def, element: strict(schema.element as z.ZodType) } as typeof schema.def);
  if (schema instanceof z.ZodOptional) return schema.clone({ ...schema.def, innerType: strict(schema.unwrap() as z.ZodType) } as typeof schema.def);
  if (schema instanceof z.ZodNullable) return schema.clone({ ...schema.def, innerType: strict(schema.unwrap() as z.ZodType) } as typeof schema.def);
  return schema;
}
