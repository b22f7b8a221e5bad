import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenShown } from "./focus";

/** A page whose elements and frames the test controls. */
function stubPage() {
  const elements = new Map<string, HTMLElement>();
  const frames: FrameRequestCallback[] = [];
  let now = 0;
  vi.stubGlobal("document", { getElementById: (id: string) => elements.get(id) ?? null });
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal("performance", { now: () => now });
  return {
    add: (id: string) => elements.set(id, { id } as HTMLElement),
    frame: (ms = 16) => {
      now += ms;
      frames.splice(0).forEach((callback) => callback(now));
    },
    pending: () => frames.length,
  };
}

describe("whenShown", () => {
  let page: ReturnType<typeof stubPage>;
  beforeEach(() => {
    page = stubPage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("acts at the next frame on an element already there", () => {
    page.add("composer");
    const seen: string[] = [];
    whenShown("composer", (element) => seen.push(element.id));
    expect(seen).toEqual([]);
    page.frame();
    expect(seen).toEqual(["composer"]);
  });

  it("waits for an element drawn a few frames later (r pressed just after j opened a thread)", () => {
    const seen: string[] = [];
    whenShown("composer", (element) => seen.push(element.id));
    page.frame();
    page.frame();
    expect(seen).toEqual([]);
    page.add("composer");
    page.frame();
    expect(seen).toEqual(["composer"]);
    expect(page.pending()).toBe(0);
  });

  it("gives up after a second when the element never comes", () => {
    const seen: string[] = [];
    whenShown("composer", (element) => seen.push(element.id));
    for (let i = 0; i < 70 && page.pending() > 0; i++) page.frame();
    expect(page.pending()).toBe(0);
    page.add("composer");
    page.frame();
    expect(seen).toEqual([]);
  });
});
