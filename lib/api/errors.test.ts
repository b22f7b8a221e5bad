import { describe, expect, it, vi } from "vitest";
import { ApiError, ERROR_CODES, ERROR_SENTENCES, ERROR_STATUS, errorSentence, isApiError } from "./errors";
import { detailsOf, errorBody } from "./error-schemas";

describe("error codes", () => {
  it("include every code of the spec's table with its status", () => {
    const spec: [string, number][] = [
      ["invalidRequest", 400],
      ["invalidCursor", 400],
      ["workspaceLocked", 403],
      ["planRequired", 403],
      ["platformNotAvailable", 403],
      ["accountLinkDisconnected", 409],
      ["capabilityNotSupported", 422],
      ["threadRestricted", 422],
      ["mutationWindowClosed", 422],
      ["rateLimited", 429],
      ["sendUnconfirmed", 502],
      // Our choices where the spec says "not shown".
      ["unauthorized", 401],
      ["memberNotFound", 404],
      ["internalError", 500],
    ];
    for (const [code, status] of spec) expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], code).toBe(status);
  });

  it("each have one plain sentence, without jargon", () => {
    for (const code of ERROR_CODES) {
      const sentence = ERROR_SENTENCES[code];
      expect(sentence, code).toMatch(/^[A-Z].*[.!]$/);
      expect(sentence, code).not.toMatch(/\b(null|undefined|HTTP|[45]\d\d|camelCase|details)\b/);
      expect(sentence, code).not.toContain(code);
    }
  });
});

describe("errorSentence", () => {
  it("uses the code's sentence when the code is known", () => {
    expect(errorSentence("threadRestricted", 422)).toBe(ERROR_SENTENCES.threadRestricted);
  });
  it("falls back by HTTP status for unknown codes", () => {
    expect(errorSentence("brandNewCode", 404)).toBe(ERROR_SENTENCES.notFound);
    expect(errorSentence("brandNewCode", 429)).toBe(ERROR_SENTENCES.rateLimited);
    expect(errorSentence("brandNewCode", 599)).toBe(ERROR_SENTENCES.internalError);
    expect(errorSentence("brandNewCode", 418)).toBe("That didn't work. Try again.");
  });
  it("is not fooled by inherited property names", () => {
    expect(errorSentence("constructor", 400)).toBe(ERROR_SENTENCES.invalidRequest);
  });
});

describe("errorBody", () => {
  it("parses { code, message, details, requestId } and keeps unknown codes", () => {
    const body = { code: "somethingNew", message: "New", details: null, requestId: "req_1" };
    expect(errorBody.parse(body)).toEqual(body);
  });
  it("requires every field; details is an object or null", () => {
    expect(errorBody.safeParse({ code: "x", message: "y", requestId: "r" }).success).toBe(false);
    expect(errorBody.safeParse({ code: "x", message: "y", details: "z", requestId: "r" }).success).toBe(false);
    expect(errorBody.safeParse({ error: { code: "THREAD_NOT_FOUND" } }).success).toBe(false);
  });
});

describe("ApiError", () => {
  it("is recognised across copies of this module, as Next's separate server bundles have", async () => {
    vi.resetModules();
    const other = await import("./errors");
    expect(other.ApiError).not.toBe(ApiError);
    const error = new other.ApiError({ status: 404, code: "threadNotFound" });
    expect(error instanceof ApiError).toBe(true);
    expect(isApiError(error)).toBe(true);
    expect(new Error("plain") instanceof ApiError).toBe(false);
    expect({ code: "threadNotFound", status: 404 } instanceof ApiError).toBe(false);
  });

  it("carries status, code, details, requestId and retryAfter", () => {
    const error = new ApiError({ status: 429, code: "rateLimited", details: { retryAfter: 3, window: "minute" }, requestId: "req_9", retryAfter: 3 });
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error("x"))).toBe(false);
    expect(error).toMatchObject({ status: 429, code: "rateLimited", requestId: "req_9", retryAfter: 3, name: "ApiError" });
    expect(error.sentence).toBe(ERROR_SENTENCES.rateLimited);
    expect(error.toBody()).toEqual({ code: "rateLimited", message: error.message, details: { retryAfter: 3, window: "minute" }, requestId: "req_9" });
  });

  it("gives typed details for a documented code, and null otherwise", () => {
    const error = new ApiError({ status: 409, code: "accountLinkDisconnected", details: { status: "paused" } });
    expect(detailsOf(error, "accountLinkDisconnected")).toEqual({ status: "paused" });
    expect(detailsOf(error, "sendUnconfirmed")).toBeNull();
    const malformed = new ApiError({ status: 502, code: "sendUnconfirmed", details: { id: "x" } });
    expect(detailsOf(malformed, "sendUnconfirmed")).toBeNull();
  });
});
