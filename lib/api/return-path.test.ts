import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

const ORIGIN = "http://inbox.test";

describe("safeReturnPath", () => {
  it("keeps a path of the inbox, with its query and fragment", () => {
    expect(safeReturnPath("/", ORIGIN)).toBe("/");
    expect(safeReturnPath("/?folder=noReply", ORIGIN)).toBe("/?folder=noReply");
    expect(safeReturnPath("/settings/users#top", ORIGIN)).toBe("/settings/users#top");
    expect(safeReturnPath("/?q=hello%20world&thread=t_1", ORIGIN)).toBe("/?q=hello%20world&thread=t_1");
    // An absolute URL of the inbox itself is kept as its path.
    expect(safeReturnPath("http://inbox.test/settings", ORIGIN)).toBe("/settings");
  });

  it("sends every way to another site to /", () => {
    const attacks = [
      "//evil.test",
      "/\\evil.test",
      "\\/evil.test",
      "https://evil.test",
      "https://inbox.test.evil.test/",
      "http://inbox.test:8080/",
      "https://inbox.test/",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "/%2F%2Fevil.test",
      "/%2f%5cevil.test",
      "/%5C%5Cevil.test",
      "/%2e%2e/%2F%2Fevil.test",
    ];
    for (const attack of attacks) expect(safeReturnPath(attack, ORIGIN), attack).toBe("/");
    // Resolved as the browser would, these stay on the inbox: a path of ours, whatever it names.
    expect(safeReturnPath("http:evil.test", ORIGIN)).toBe("/evil.test");
    expect(safeReturnPath("evil.test", ORIGIN)).toBe("/evil.test");
  });

  it("refuses control, invisible and space characters, raw or percent-encoded in the path", () => {
    const attacks = [
      "/\t/evil.test", // what /login?next=/%09/evil.test hands the page
      "/\n/evil.test",
      "/\r/evil.test",
      "/\r\nSet-Cookie: a=b",
      "\u0000/evil",
      "/\u0085/evil.test",
      "/\u200b/evil.test", // zero-width space (%E2%80%8B)
      "/\u200e/evil.test",
      "/\u202e/evil.test", // right-to-left override
      "/\u2066x",
      "/\ufeff/evil.test",
      "/\u00a0/evil.test",
      "/\u2028/evil.test",
      "/ /evil.test",
      " /settings",
      "/%09/evil.test",
      "/%E2%80%8B/evil.test",
      "/%0d%0aSet-Cookie:%20a=b",
      "/%E0%A4%A", // not decodable
    ];
    for (const attack of attacks) expect(safeReturnPath(attack, ORIGIN), JSON.stringify(attack)).toBe("/");
  });

  it("returns ASCII only, safe for a Location header, and never the login page", () => {
    expect(safeReturnPath("/?q=caf\u00e9", ORIGIN)).toBe("/?q=caf%C3%A9");
    expect(safeReturnPath("/login", ORIGIN)).toBe("/");
    expect(safeReturnPath("/login?next=/x", ORIGIN)).toBe("/");
  });

  it("takes nothing but one string", () => {
    expect(safeReturnPath(undefined, ORIGIN)).toBe("/");
    expect(safeReturnPath("", ORIGIN)).toBe("/");
    expect(safeReturnPath(["/settings", "//evil.test"], ORIGIN)).toBe("/");
    expect(safeReturnPath("/settings", "not an origin")).toBe("/");
  });
});
