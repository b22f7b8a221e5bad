import "server-only";

import { z } from "zod";

import { DEFAULT_LAYOUT, savedLayout, type InboxLayout } from "@/lib/client/layout-cookie";

/**
 * The layout cookie (lib/client/layout-cookie) as the server reads it to draw the first paint: a
 * value any client could have sent, so every field is validated on its own and a bad one falls
 * back to its default, never failing the page.
 */
const paneSizes = z.record(z.string().max(40), z.number().min(0).max(100));

const inboxLayout: z.ZodType<InboxLayout> = z.object({
  panes: z
    .record(z.string().max(120), paneSizes)
    .refine((panes) => Object.keys(panes).length <= 8)
    .catch({}),
  contactPanel: z.boolean().catch(true),
  phone: z.boolean().nullable().catch(null),
  timeZone: z.string().max(64).refine(isTimeZone).nullable().catch(null),
});

/** The layout a cookie value holds; anything unreadable falls back field by field, never throws. */
export function parseInboxLayout(value: string | undefined): InboxLayout {
  const parsed = inboxLayout.safeParse(savedLayout(value));
  return parsed.success ? parsed.data : DEFAULT_LAYOUT;
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
