import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { GET } from "@/app/icons.svg/route";
import { iconSprite } from "./icon-sprite";
import * as icons from "./icons";
import { BadgeCheckIcon, InboxIcon } from "./icons";

describe("the icons' sprite", () => {
  it("holds each icon as a symbol with lucide's shapes, without React's keys", async () => {
    const sprite = await iconSprite(["inbox", "check"]);
    expect(sprite).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg">' +
        '<symbol id="check" viewBox="0 0 24 24"><path d="M20 6 9 17l-5-5"></path></symbol>' +
        '<symbol id="inbox" viewBox="0 0 24 24"><polyline points="22 12 16 12 14 15 10 15 8 12 2 12"></polyline>' +
        '<path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z"></path></symbol>' +
        "</svg>",
    );
  });

  it("is served with a symbol for every icon the app draws, and nothing else", async () => {
    const response = await GET();
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const sprite = await response.text();
    const served = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    const drawn = Object.values(icons).flatMap((entry) => (typeof entry === "function" && "iconName" in entry ? [entry.iconName] : []));
    expect(drawn.length).toBeGreaterThan(100);
    expect(new Set(served)).toEqual(new Set(drawn));
    expect(sprite).not.toContain(" key=");
  });
});

describe("an icon", () => {
  it("uses its symbol from the versioned sprite and is hidden from assistive technology", () => {
    const html = renderToStaticMarkup(<InboxIcon className="size-4" />);
    expect(html).toContain('class="size-4"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('stroke-width="2"');
    expect(html).toMatch(/<use href="\/icons\.svg\?v=[^"#]*#inbox"><\/use>/);
  });

  it("is announced once it is given a name, with its title before its shapes", () => {
    const html = renderToStaticMarkup(
      <BadgeCheckIcon role="img" aria-label="Verified" strokeWidth={3}>
        <title>Verified</title>
      </BadgeCheckIcon>,
    );
    expect(html).not.toContain("aria-hidden");
    expect(html).toContain('aria-label="Verified"');
    expect(html).toContain('stroke-width="3"');
    expect(html).toMatch(/<title>Verified<\/title><use href="[^"]+#badge-check">/);
  });
});
