import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A browser's location and history, enough for the module: what it wrote, and its listeners. */
function fakeBrowser() {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const idle: (() => void)[] = [];
  const win = {
    location: { pathname: "/", search: "?folder=all", hash: "" },
    writes: [] as { kind: "push" | "replace"; url: string }[],
    history: {
      pushState(_state: unknown, _title: string, url: string) {
        win.writes.push({ kind: "push", url });
        win.move(url);
      },
      replaceState(_state: unknown, _title: string, url: string) {
        win.writes.push({ kind: "replace", url });
        win.move(url);
      },
    },
    addEventListener(type: string, listener: (event: unknown) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    dispatch(type: string) {
      for (const listener of listeners.get(type) ?? []) listener({ type });
    },
    /** Moves the location without the module (another router's navigation). */
    move(url: string) {
      const [path, query = ""] = url.split("?");
      win.location.pathname = path!;
      win.location.search = query ? `?${query}` : "";
    },
    /** Runs what waits for the browser to be idle. */
    idle: () => idle.splice(0).forEach((callback) => callback()),
  };
  vi.stubGlobal("window", win);
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
  vi.stubGlobal("cancelIdleCallback", () => idle.splice(0));
  return win;
}

let browser: ReturnType<typeof fakeBrowser>;
let url: typeof import("./inbox-url");

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  browser = fakeBrowser();
  url = await import("./inbox-url");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Past the 50 ms wait, and the browser idle after it. */
function waitOut() {
  vi.advanceTimersByTime(50);
  browser.idle();
}

describe("writing the inbox's view into the URL", () => {
  it("writes changes made close together once, the last of them, when the browser is idle after 50 ms", () => {
    url.setInboxParams({ thread: "thr1" });
    url.setInboxParams({ thread: "thr2" }, { history: "replace" });
    vi.advanceTimersByTime(49);
    expect(browser.writes).toEqual([]);
    vi.advanceTimersByTime(1);
    // The timer is over, but the browser is still busy (a frame being drawn): nothing yet.
    expect(browser.writes).toEqual([]);
    browser.idle();
    // A new entry, as the first change asked for one.
    expect(browser.writes).toEqual([{ kind: "push", url: "/?folder=all&thread=thr2" }]);
  });

  it("drops a waiting write when another navigation moved the page first", () => {
    url.setInboxParams({ thread: "thr1" });
    browser.move("/settings");
    waitOut();
    expect(browser.writes).toEqual([]);
    expect(browser.location.pathname).toBe("/settings");
  });

  it("drops a waiting write on Back, and writes a page left within the wait at once", () => {
    url.setInboxParams({ thread: "thr1" });
    browser.dispatch("popstate");
    waitOut();
    expect(browser.writes).toEqual([]);

    url.setInboxParams({ thread: "thr3" });
    browser.dispatch("pagehide");
    expect(browser.writes).toEqual([{ kind: "push", url: "/?folder=all&thread=thr3" }]);
  });
});
