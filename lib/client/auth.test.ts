import { afterEach, describe, expect, it, vi } from "vitest";

import { signInErrorSentence, signInWithEmail, signOut } from "./auth";

afterEach(() => vi.unstubAllGlobals());

describe("signing in with fetch alone", () => {
  it("posts the email and password as JSON to better-auth's endpoint, and answers ok on a 200", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    expect(await signInWithEmail("olivia@acme.test", "secret")).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith("/api/auth/sign-in/email", expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "olivia@acme.test", password: "secret" }) }));
  });

  it("reads the seconds to wait from a throttled answer's Retry-After", async () => {
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 429, headers: { "retry-after": "42" } }));
    const result = await signInWithEmail("olivia@acme.test", "x");
    expect(result).toEqual({ ok: false, status: 429, retryAfterSeconds: 42 });
    expect(signInErrorSentence(429, 42)).toContain("Try again in 42 seconds.");
  });

  it("answers status 0 when the server cannot be reached, and a wrong password's status otherwise", async () => {
    vi.stubGlobal("fetch", async () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await signInWithEmail("a@b.c", "x")).toEqual({ ok: false, status: 0, retryAfterSeconds: null });
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 401 }));
    expect(await signInWithEmail("a@b.c", "x")).toEqual({ ok: false, status: 401, retryAfterSeconds: null });
  });

  it("signs out with a POST, and does not throw offline", async () => {
    const fetch = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    vi.stubGlobal("fetch", fetch);
    await expect(signOut()).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith("/api/auth/sign-out", expect.objectContaining({ method: "POST" }));
  });
});
