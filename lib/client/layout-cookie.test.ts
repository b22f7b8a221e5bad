import { describe, expect, it } from "vitest";
import { DEFAULT_LAYOUT, LAYOUT_COOKIE, cookieValue, firstPaintIsPhone, layoutCookieString, paneStorage, parseInboxLayout, type InboxLayout } from "./layout-cookie";

const saved: InboxLayout = { panes: { "react-resizable-panels:inbox-panes:list:thread": { list: 30, thread: 70 } }, contactPanel: false, phone: false, timeZone: "Asia/Tokyo" };

describe("the layout cookie", () => {
  it("reads back what it saved, for a year on every page", () => {
    const cookie = layoutCookieString(saved);
    expect(cookie).toMatch(new RegExp(`^${LAYOUT_COOKIE}=[^;]+; Path=/; Max-Age=31536000; SameSite=Lax$`));
    const value = cookieValue(`theme=dark; ${cookie.split(";")[0]}; other=1`, LAYOUT_COOKIE);
    expect(parseInboxLayout(value)).toEqual(saved);
  });

  it("falls back to the defaults for a missing, garbled or foreign cookie, never throwing", () => {
    for (const value of [undefined, "", "%E0%A4%A", "not json", encodeURIComponent("[1,2]"), encodeURIComponent("null"), encodeURIComponent('"x"')]) {
      expect(parseInboxLayout(value)).toEqual(DEFAULT_LAYOUT);
    }
  });

  it("keeps the good fields of a partly bad cookie", () => {
    const value = encodeURIComponent(JSON.stringify({ panes: { k: { list: 250 } }, contactPanel: false, phone: "yes", timeZone: "Mars/Olympus_Mons" }));
    expect(parseInboxLayout(value)).toEqual({ panes: {}, contactPanel: false, phone: null, timeZone: null });
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, { list: 40 }]));
    expect(parseInboxLayout(encodeURIComponent(JSON.stringify({ panes: many }))).panes).toEqual({});
  });
});

describe("pane sizes kept in the cookie", () => {
  it("answers the layout the page rendered with, then what was saved since", () => {
    const writes: unknown[] = [];
    const storage = paneStorage(saved.panes, (panes) => writes.push(panes));
    const key = "react-resizable-panels:inbox-panes:list:thread";
    expect(JSON.parse(storage.getItem(key)!)).toEqual({ list: 30, thread: 70 });
    expect(storage.getItem("react-resizable-panels:inbox-panes:list:thread:contact")).toBeNull();

    storage.setItem(key, JSON.stringify({ list: 41.5, thread: 58.5 }));
    expect(JSON.parse(storage.getItem(key)!)).toEqual({ list: 41.5, thread: 58.5 });
    expect(writes).toEqual([{ [key]: { list: 41.5, thread: 58.5 } }]);
  });

  it("saves nothing it could not read back", () => {
    const writes: unknown[] = [];
    const storage = paneStorage({}, (panes) => writes.push(panes));
    storage.setItem("k", "{");
    storage.setItem("k", JSON.stringify({ list: "wide" }));
    expect(writes).toEqual([]);
    expect(storage.getItem("k")).toBeNull();
  });
});

describe("phone or desktop on the first paint", () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
  const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

  it("follows what this browser last drew", () => {
    expect(firstPaintIsPhone(true, headers({ "user-agent": desktop }))).toBe(true);
    expect(firstPaintIsPhone(false, headers({ "user-agent": iphone }))).toBe(false);
  });

  it("else asks the request: the mobile client hint, then the user agent", () => {
    expect(firstPaintIsPhone(null, headers({ "sec-ch-ua-mobile": "?1", "user-agent": desktop }))).toBe(true);
    expect(firstPaintIsPhone(null, headers({ "sec-ch-ua-mobile": "?0", "user-agent": iphone }))).toBe(false);
    expect(firstPaintIsPhone(null, headers({ "user-agent": iphone }))).toBe(true);
    expect(firstPaintIsPhone(null, headers({ "user-agent": desktop }))).toBe(false);
    expect(firstPaintIsPhone(null, headers({}))).toBe(false);
  });
});
