import { z } from "zod";

/**
 * How the inbox is laid out in this browser — pane sizes, whether the contact panel shows,
 * phone or desktop, the time zone its clock reads — kept in a cookie, not localStorage, so the server draws the first paint
 * exactly as the browser will: no blank shell while the client finds out, no pane that jumps.
 * Isomorphic: the page reads it from the request, the shell writes it back.
 */
export const LAYOUT_COOKIE = "inbox-layout";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** A pane group's sizes in percent, by panel ID (react-resizable-panels' `Layout`). */
const paneSizes = z.record(z.string().max(40), z.number().min(0).max(100));

export const inboxLayout = z.object({
  /** Saved group layouts, by react-resizable-panels' storage key (one per set of panels shown). */
  panes: z
    .record(z.string().max(120), paneSizes)
    .refine((panes) => Object.keys(panes).length <= 8)
    .catch({}),
  contactPanel: z.boolean().catch(true),
  /** The viewport last seen: null until this browser has drawn the inbox once. */
  phone: z.boolean().nullable().catch(null),
  /** The browser's IANA time zone, for times the server writes: null until a page of ours has run. */
  timeZone: z.string().max(64).refine(isTimeZone).nullable().catch(null),
});
export type InboxLayout = z.infer<typeof inboxLayout>;

export const DEFAULT_LAYOUT: InboxLayout = { panes: {}, contactPanel: true, phone: null, timeZone: null };

/** The layout a cookie value holds; anything unreadable falls back field by field, never throws. */
export function parseInboxLayout(value: string | undefined): InboxLayout {
  if (!value) return DEFAULT_LAYOUT;
  let json: unknown;
  try {
    json = JSON.parse(decodeURIComponent(value));
  } catch {
    return DEFAULT_LAYOUT;
  }
  const parsed = inboxLayout.safeParse(typeof json === "object" && json !== null ? json : {});
  return parsed.success ? parsed.data : DEFAULT_LAYOUT;
}

/** The `Set-Cookie`-style string that saves a layout for a year, on every page of the inbox. */
export function layoutCookieString(layout: InboxLayout): string {
  return `${LAYOUT_COOKIE}=${encodeURIComponent(JSON.stringify(layout))}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}

/** A cookie's value out of a `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** Merges a change into the browser's saved layout (read fresh: another tab may have saved since). */
export function saveInboxLayout(change: Partial<InboxLayout>): void {
  const current = parseInboxLayout(cookieValue(document.cookie, LAYOUT_COOKIE));
  document.cookie = layoutCookieString({ ...current, ...change, panes: { ...current.panes, ...change.panes } });
}

/**
 * react-resizable-panels' `LayoutStorage` over the layout cookie. Reads answer from the layout
 * the server rendered with (and what was saved since), so the server's HTML and the first
 * client render agree; writes go to the cookie for the next page load.
 */
export function paneStorage(initial: InboxLayout["panes"], save: (panes: InboxLayout["panes"]) => void = (panes) => saveInboxLayout({ panes })) {
  const panes: Record<string, Record<string, number>> = { ...initial };
  return {
    getItem: (key: string): string | null => (panes[key] ? JSON.stringify(panes[key]) : null),
    setItem: (key: string, value: string): void => {
      const parsed = paneSizes.safeParse(safeJson(value));
      if (!parsed.success) return;
      panes[key] = parsed.data;
      save({ [key]: parsed.data });
    },
  };
}

/**
 * Whether the first paint is the phone's one pane: as this browser last drew it, else as the
 * request says (Client Hints' `Sec-CH-UA-Mobile`, else a mobile user agent). The shell corrects
 * a wrong guess after hydration; a right one costs nothing.
 */
export function firstPaintIsPhone(saved: boolean | null, headers: { get(name: string): string | null }): boolean {
  if (saved !== null) return saved;
  const mobileHint = headers.get("sec-ch-ua-mobile");
  if (mobileHint !== null) return mobileHint.trim() === "?1";
  return /\b(iPhone|iPod|Android.+Mobile|Mobile Safari|Windows Phone)\b/i.test(headers.get("user-agent") ?? "");
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
