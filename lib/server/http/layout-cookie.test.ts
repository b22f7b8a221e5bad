import { describe, expect, it } from "vitest";

import { DEFAULT_LAYOUT, LAYOUT_COOKIE, cookieValue, layoutCookieString, type InboxLayout } from "@/lib/client/layout-cookie";
import { parseInboxLayout } from "./layout-cookie";

const saved: InboxLayout = { panes: { "react-resizable-panels:inbox-panes:list:thread": { list: 30, thread: 70 } }, contactPanel: false, phone: false, timeZone: "Asia/Tokyo" };

describe("the layout cookie, as the server reads it", () => {
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

