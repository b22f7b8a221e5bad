import { describe, expect, it } from "vitest";
import { errorBody } from "./error-schemas";
import { readErrorBody } from "./errors";

/** The browser reads error bodies by hand (lib/api/errors); the server with the schema. They must agree. */
describe("readErrorBody and the errorBody schema", () => {
  const bodies: unknown[] = [
    { code: "threadNotFound", message: "No such thread", details: null, requestId: "r1" },
    { code: "rateLimited", message: "Slow down", details: { retryAfter: 3, window: "minute" }, requestId: "r2", extra: 1 },
    { code: "someNewCode", message: "", details: {}, requestId: "" },
    { code: "", message: "empty code", details: null, requestId: "r3" },
    { code: "x", message: "no details", requestId: "r4" },
    { code: "x", message: "details is a list", details: [], requestId: "r5" },
    { code: "x", message: "details is text", details: "oops", requestId: "r6" },
    { code: 404, message: "code is a number", details: null, requestId: "r7" },
    { code: "x", details: null, requestId: "r8" },
    { code: "x", message: "no request ID", details: null },
    "<html>Bad gateway</html>",
    null,
    undefined,
    [],
  ];

  for (const body of bodies) {
    it(`agree on ${JSON.stringify(body)}`, () => {
      const parsed = errorBody.safeParse(body);
      expect(readErrorBody(body)).toEqual(parsed.success ? parsed.data : null);
    });
  }
});
