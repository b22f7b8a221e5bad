/**
 * How the inbox is laid out in this browser — pane sizes, whether the contact panel shows,
 * phone or desktop, the time zone its clock reads — kept in a cookie, not localStorage, so the server draws the first paint
 * exactly as the browser will: no blank shell while the client finds out, no pane that jumps.
 * Isomorphic: the page reads it from the request, the shell writes it back.
 */
export const LAYOUT_COOKIE = "inbox-layout";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** A pane group's sizes in percent, by panel ID (react-resizable-panels' `Layout`). */
export type PaneSizes = Record<string, number>;

export type InboxLayout = {
  /** Saved group layouts, by react-resizable-panels' storage key (one per set of panels shown). */
  panes: Record<string, PaneSizes>;
  contactPanel: boolean;
  /** The viewport last seen: null until this browser has drawn the inbox once. */
  phone: boolean | null;
  /** The browser's IANA time zone, for times the server writes: null until a page of ours has run. */
  timeZone: string | null;
};

export const DEFAULT_LAYOUT: InboxLayout = { panes: {}, contactPanel: true, phone: null, timeZone: null };

/**
 * What the cookie holds, read loosely: the browser only merges its own changes into it and reads
 * back what it wrote. The server, which must not trust it, validates it field by field
 * (lib/server/http/layout-cookie), so the browser's pages carry no validation library for it.
 */
export function savedLayout(value: string | undefined): Partial<InboxLayout> {
  if (!value) return {};
  try {
    const json: unknown = JSON.parse(decodeURIComponent(value));
    return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Partial<InboxLayout>) : {};
  } catch {
    return {};
  }
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
  const current = browserLayout();
  const panes = typeof current.panes === "object" && current.panes !== null ? current.panes : {};
  document.cookie = layoutCookieString({ ...DEFAULT_LAYOUT, ...current, ...change, panes: { ...panes, ...change.panes } });
}

/** This browser's saved layout, as it wrote it (savedLayout). */
export function browserLayout(): Partial<InboxLayout> {
  return savedLayout(cookieValue(document.cookie, LAYOUT_COOKIE));
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
      const sizes = safeJson(value);
      if (!isPaneSizes(sizes)) return;
      panes[key] = sizes;
      save({ [key]: sizes });
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

/** What react-resizable-panels hands its storage: sizes by panel ID (anything else is not kept). */
function isPaneSizes(value: unknown): value is PaneSizes {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((size) => typeof size === "number");
}
