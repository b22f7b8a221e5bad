import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as eventsRoute from "@/app/api/events/route";
import { call, startTestBff, type TestBff } from "../testing/bff";
import type { Runtime } from "./runtime";
import { shutdownHooks } from "./shutdown";

/**
 * The inbox's half of a graceful stop (scripts/server.mjs holds the signals and the listener;
 * scripts/standalone.test.mjs stops a real process): drained streams end with a retry hint,
 * and the runtime is closed once, even when the signal came while it was starting.
 */
describe("shutdownHooks", () => {
  it("does nothing when no runtime was ever asked for", async () => {
    const hooks = shutdownHooks(1_000, () => null);
    await expect(hooks.drain()).resolves.toBeUndefined();
    await expect(hooks.close()).resolves.toBeUndefined();
  });

  it("waits for a runtime that is starting, then drains and closes it", async () => {
    const runtime = { drain: vi.fn(), close: vi.fn(async () => {}) };
    let started!: (runtime: Runtime) => void;
    const starting = new Promise<Runtime>((resolve) => (started = resolve));
    const hooks = shutdownHooks(5_000, () => starting);
    const drained = hooks.drain();
    setTimeout(() => started(runtime as unknown as Runtime), 50);
    await drained;
    expect(runtime.drain).toHaveBeenCalledOnce();
    await hooks.close();
    expect(runtime.close).toHaveBeenCalledOnce();
  });

  it("gives up on a start that does not finish within the timeout, or that failed", async () => {
    const started = performance.now();
    await shutdownHooks(100, () => new Promise<Runtime>(() => {})).drain();
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(shutdownHooks(100, () => Promise.reject(new Error("no database"))).close()).resolves.toBeUndefined();
  });
});

describe("draining a runtime with open event streams", () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff();
  }, 60_000);
  afterAll(() => bff.close().catch(() => undefined));

  it("ends every open stream with a retry hint, refuses new ones the same way, then closes the database", async () => {
    const cookies = [await bff.signIn("olivia"), await bff.signIn("sam")];
    const responses = await Promise.all(cookies.map((cookie) => call(eventsRoute, "GET", "/api/events", { cookie })));
    const streams = responses.map(readAll);
    await vi.waitFor(() => expect(bff.runtime.hub.clients()).toBe(2), { timeout: 10_000 });
    const hooks = shutdownHooks(1_000, () => Promise.resolve(bff.runtime));

    await hooks.drain();
    for (const text of await Promise.all(streams)) expect(lastField(text)).toMatch(/^retry: \d+$/);
    expect(bff.runtime.hub.clients()).toBe(0);

    const late = await readAll(await call(eventsRoute, "GET", "/api/events", { cookie: cookies[0] }));
    expect(lastField(late)).toMatch(/^retry: \d+$/);
    expect(bff.runtime.hub.clients()).toBe(0);

    await hooks.close();
    await expect(bff.runtime.database.db.execute("select 1")).rejects.toThrow();
  });
});

/** The whole body of a stream, once the server has ended it. */
async function readAll(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return new Response(response.body).text();
}

/** The last field line of a stream (comments and blank lines aside). */
function lastField(text: string): string | undefined {
  expect(text.endsWith("\n\n")).toBe(true);
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith(":"))
    .at(-1);
}
