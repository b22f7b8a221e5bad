import { z } from "zod";
import { SERVICE_ID_PATTERN } from "./service-id";

export { SERVICE_ID_PATTERN };

export const serviceId = z.string().regex(SERVICE_ID_PATTERN, "Expected a service ID (lowercase letters and digits)");
export type ServiceId = z.infer<typeof serviceId>;

/**
 * Timestamps are ISO 8601 in UTC. The service writes `Z`; a client also accepts an
 * explicit offset so that a proxy re-serialising dates cannot break parsing.
 */
export const timestamp = z.iso.datetime({ offset: true });

/** A value that is always a string, typed as the known values while accepting new ones. */
export type Open<Known extends string> = Known | (string & {});

/**
 * Enums the spec says may grow within version 2: known values are typed for
 * autocompletion and exhaustive UI, unknown values are accepted unharmed.
 */
export function openEnum<const Known extends readonly [string, ...string[]]>(known: Known) {
  const schema = z.custom<Open<Known[number]>>((value) => typeof value === "string" && value.length > 0, {
    message: "Expected a non-empty string",
  });
  return Object.assign(schema, { known });
}

/** Whether an open value is one this client knows about. */
export function isKnown<const Known extends readonly string[]>(known: Known, value: string): value is Known[number] {
  return (known as readonly string[]).includes(value);
}

/** `platform` is an open string (rule 10): new platforms appear within version 2. */
export const platformName = z.string().min(1);

/** Collections: `{ data, nextCursor }`. */
export function page<Item extends z.ZodType>(item: Item) {
  return z.looseObject({ data: z.array(item), nextCursor: z.string().min(1).nullable() });
}
export type Page<Item> = { data: Item[]; nextCursor: string | null };

/**
 * `platformData` is tagged by `_tag`, the platform's name. Tags this client does not
 * know are kept as they are (rule 11); `encrypted` is present where the platform supports it.
 */
export const platformData = z.looseObject({
  _tag: z.string().min(1),
  encrypted: z.boolean().optional(),
});
export type PlatformData = z.infer<typeof platformData>;

/** Page size: 1 to 100, default 50. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 50 } as const;
export const pageLimit = z.coerce.number().int().min(PAGE_LIMIT.min).max(PAGE_LIMIT.max);
export const cursor = z.string().min(1);

/** At most 4 `expand` values in one request. */
export const MAX_EXPAND = 4;

/** Whether the runtime knows an IANA time zone by this name (`Europe/Berlin`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A member's time zone, in which presets such as "tomorrow 8:00" are meant. */
export const timeZoneName = z.string().refine(isTimeZone, "timeZone must be an IANA time zone, such as Europe/Berlin");
