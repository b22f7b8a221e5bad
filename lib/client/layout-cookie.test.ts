import { describe, expect, it } from "vitest";
import { LAYOUT_COOKIE, cookieValue, firstPaintIsPhone, layoutCookieString, paneLayouts, savedLayout, type InboxLayout } from "./layout-cookie";

const saved: InboxLayout = { panes: { "react-resizable-panels:inbox-panes:list:thread": { list: 30, thread: 70 } }, contactPanel: false, phone: false, timeZone: "Asia/Tokyo" };

describe("the layout cookie in the browser", () => {
  it("reads back what it saved, for a year on every page", () => {
    const cookie = layoutCookieString(saved);
    expect(cookie).toMatch(new RegExp(`^${LAYOUT_COOKIE}=[^;]+; Path=/; Max-Age=31536000; SameSite=Lax$`));
    expect(savedLayout(cookieValue(`theme=dark; ${cookie.split(";")[0]}; other=1`, LAYOUT_COOKIE))).toEqual(saved);
  });

  it("reads nothing from a missing, garbled or foreign cookie, never throwing (the server validates it)", () => {
    for (const value of [undefined, "", "%E0%A4%A", "not json", encodeURIComponent("[1,2]"), encodeURIComponent("null"), encodeURIComponent('"x"')]) {
      expect(savedLayout(value)).toEqual({});
    }
  });
});

describe("pane sizes kept in the cookie", () => {
  it("answers the layout the page rendered with, then what was saved since", () => {
    const writes: unknown[] = [];
    const panes = paneLayouts(saved.panes, (change) => writes.push(change));
    const key = "react-resizable-panels:inbox-panes:list:thread";
    expect(panes.sizesOf(["list", "thread"])).toEqual({ list: 30, thread: 70 });
    expect(panes.sizesOf(["list", "thread", "contact"])).toBeNull();

    panes.changed(["list", "thread"], [41.5, 58.5]);
    expect(panes.sizesOf(["list", "thread"])).toEqual({ list: 41.5, thread: 58.5 });
    expect(writes).toEqual([{ [key]: { list: 41.5, thread: 58.5 } }]);
  });

  it("writes only a layout that changed, and nothing it could not read back", () => {
    const writes: unknown[] = [];
    const panes = paneLayouts(saved.panes, (change) => writes.push(change));
    panes.changed(["list", "thread"], [30, 70]);
    panes.changed(["list", "thread"], [40]);
    panes.changed(["list", "thread"], [Number.NaN, 60]);
    expect(writes).toEqual([]);
    // Saved sizes lacking a pane of the set are not a layout for it.
    expect(paneLayouts({ "react-resizable-panels:inbox-panes:list:thread": { list: 30 } }).sizesOf(["list", "thread"])).toBeNull();
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
