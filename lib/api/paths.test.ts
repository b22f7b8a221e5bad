import { describe, expect, it } from "vitest";
import { decodePathSegment, matchPath, pathProblem } from "./paths";

describe("decodePathSegment", () => {
  it("decodes UTF-8 percent-encoding, and answers null where it is malformed", () => {
    expect(decodePathSegment("Hot%20lead")).toBe("Hot lead");
    expect(decodePathSegment("%E0%A4%A8")).toBe("न");
    expect(decodePathSegment("%2F")).toBe("/");
    for (const malformed of ["%", "%FF", "%E0%A4%A", "%C0%80", "%zz", "abc%2"]) expect(decodePathSegment(malformed)).toBeNull();
  });
});

describe("pathProblem", () => {
  it("accepts paths of service IDs and of encoded names, whatever printable characters they hold", () => {
    for (const path of ["/", "/api/v2/threads/thr1", `/api/v2/tags/${encodeURIComponent("100% sure / ü 🙂")}`, "/v2/contacts/con1/tags/vip", ""]) {
      expect(pathProblem(path)).toBeNull();
    }
  });

  it("refuses a segment that does not decode, anywhere in the path", () => {
    for (const path of ["/api/v2/tags/%FF", "/api/v2/tags/%", "/api/v2/tags/%E0%A4%A", "/api/%FF/threads", "/v2/contacts/con1/tags/%C0"]) {
      expect(pathProblem(path)).toMatch(/malformed percent-encoding/);
    }
  });

  it("refuses control characters, encoded or not: a path names an ID or a name, and neither has one", () => {
    for (const path of ["/api/v2/tags/%00", "/api/v2/statuses/Won%0A", "/api/v2/tags/a%1Fb", "/api/v2/tags/%7F", "/v2/tags/a\u0000b", "/api/inbox/users/%09"]) {
      expect(pathProblem(path)).toMatch(/control character/);
    }
  });
});

describe("matchPath", () => {
  it("decodes `:name` parameters, each one non-empty segment", () => {
    expect(matchPath("/contacts/:contactId/tags/:tagRef", "/contacts/con1/tags/Hot%20lead")).toEqual({ contactId: "con1", tagRef: "Hot lead" });
    expect(matchPath("/threads/:threadId", "/threads/thr1")).toEqual({ threadId: "thr1" });
    for (const path of ["/threads/", "/threads", "/threads/thr1/x", "/threads/%FF", "/thread/thr1"]) expect(matchPath("/threads/:threadId", path), path).toBeNull();
  });

  it("gives a trailing `*` the rest of the path, one segment or more", () => {
    expect(matchPath("/api/auth/*", "/api/auth/sign-in/email")).toEqual({ "*": "sign-in/email" });
    expect(matchPath("/api/v2/*", "/api/v2/tags/Hot%20lead")).toEqual({ "*": "tags/Hot lead" });
    for (const path of ["/api/auth", "/api/auth/", "/api/authx/a", "/api/auth/%FF"]) expect(matchPath("/api/auth/*", path), path).toBeNull();
  });
});
