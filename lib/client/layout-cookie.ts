/**
 * How the inbox is laid out in this browser — pane sizes, whether the contact panel shows,
 * phone or desktop, the time zone its clock reads — kept in a cookie, not localStorage, so the server draws the first paint
 * exactly as the browser will: no blank shell while the client finds out, no pane that jumps.
 * Isomorphic: the page reads it from the request, the shell writes it back.
 */
export const LAYOUT_COOKIE = "inbox-layout";

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

/**
 * The `Set-Cookie`-style string that saves a layout for a year, on every page of the inbox.
 * Self-contained (its name and lifetime written out, no helpers): the login page sends it to the
 * browser as source text (lib/client/login-script).
 */
export function layoutCookieString(layout: InboxLayout): string {
  return `inbox-layout=${encodeURIComponent(JSON.stringify(layout))}; Path=/; Max-Age=31536000; SameSite=Lax`;
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
 * The pane groups' sizes over the layout cookie, one entry per set of panes shown (list and
 * thread; list, thread and contact), keyed as react-resizable-panels' own storage key was
 * (`react-resizable-panels:inbox-panes:list:thread`), so layouts saved before still hold. Reads
 * answer from the layout the server rendered with (and what was saved since), so the server's
 * HTML and the first client render agree; changes go to the cookie for the next page load.
 */
export function paneLayouts(initial: InboxLayout["panes"], save: (panes: InboxLayout["panes"]) => void = (panes) => saveInboxLayout({ panes })) {
  const panes: Record<string, PaneSizes> = { ...initial };
  const keyOf = (panelIds: readonly string[]) => `react-resizable-panels:inbox-panes:${panelIds.join(":")}`;
  return {
    /** The saved sizes of these panes, in percent by panel ID; null when none were saved. */
    sizesOf(panelIds: readonly string[]): PaneSizes | null {
      const sizes = panes[keyOf(panelIds)];
      return sizes && panelIds.every((id) => typeof sizes[id] === "number") ? sizes : null;
    },
    /** A group's new layout (react-resizable-panels' `onLayout`: sizes in the panes' order). */
    changed(panelIds: readonly string[], layout: readonly number[]): void {
      if (layout.length !== panelIds.length || !layout.every((size) => Number.isFinite(size))) return;
      const key = keyOf(panelIds);
      const sizes = Object.fromEntries(panelIds.map((id, index) => [id, Math.round(layout[index]! * 100) / 100]));
      const before = panes[key];
      if (before && panelIds.every((id) => before[id] === sizes[id])) return;
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

