import { expect, test, type ConsoleMessage, type Page } from "@playwright/test";
import { DEMO_USERS, seriousViolations, storageStateOf } from "./helpers";

/**
 * No blank inbox (issue 23 item 9): the shell and the view's first rows come in the server's
 * HTML, laid out from the layout cookie, so the first paint is the inbox and no pane moves
 * once scripts run — after a resize and a reload too — and hydration finds nothing to correct.
 */
const list = (page: Page) => page.getByRole("listbox", { name: /conversations$/ });

// Records, in every document, the list pane's width on the first frame that draws it.
const WATCH_FIRST_PAINT = `(() => {
  // Nothing is painted before the stylesheet applies (the body's min-height is ours), though frames may run.
  const styled = () => document.body !== null && getComputedStyle(document.body).minHeight !== "0px";
  const frame = () => {
    const pane = document.querySelector("[data-panel]#list");
    if (pane && styled() && pane.getBoundingClientRect().width > 0) {
      window.__firstPaint = { width: pane.getBoundingClientRect().width, rows: document.querySelectorAll('[data-thread-list] [role="option"]').length };
    } else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

type FirstPaint = { width: number; rows: number };

/** What React reports when the server's HTML and the hydrating render disagree (production builds say it by number). */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  const note = (text: string) => {
    if (/hydrat|didn't match|did not match|#418|#423|#425/i.test(text)) problems.push(text);
  };
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") note(message.text());
  });
  page.on("pageerror", (error) => note(error.message));
  return problems;
}

/** A separator's aria-controls, -valuenow, -valuemin and -valuemax, from its opening tag. */
function separatorAria(tag: string): (string | undefined)[] {
  return ["controls", "valuenow", "valuemin", "valuemax"].map((name) => tag.match(new RegExp(`aria-${name}="([^"]*)"`))?.[1]);
}

async function firstPaint(page: Page): Promise<FirstPaint> {
  await page.waitForFunction(() => (window as unknown as { __firstPaint?: FirstPaint }).__firstPaint !== undefined);
  return page.evaluate(() => (window as unknown as { __firstPaint: FirstPaint }).__firstPaint);
}

const paneWidth = (page: Page) => page.locator("[data-panel]#list").evaluate((element) => element.getBoundingClientRect().width);

test.describe("the first paint", () => {
  test.use({ storageState: storageStateOf("member"), viewport: { width: 1440, height: 900 } });

  test("the server's HTML holds the shell and the view's first rows", async ({ page }) => {
    const html = await (await page.request.get("/?folder=all")).text();
    const rowIds = [...html.matchAll(/data-thread-id="([^"]+)"/g)].map((match) => match[1]);
    expect(rowIds.length, "rows in the HTML").toBeGreaterThanOrEqual(15);
    expect(html).toContain('role="listbox"');
    expect(html).not.toContain("Loading the inbox");

    // The same rows, in the same order, as the browser shows once it runs: the page's own HTML
    // against its live list. Tried again when they differ, since other journeys' sends may move
    // rows of this shared server between the two; a page that disagrees with itself never passes.
    await expect(async () => {
      const response = await page.goto("/?folder=all");
      const served = [...(await response!.text()).matchAll(/data-thread-id="([^"]+)"/g)].map((match) => match[1]).slice(0, 5);
      await expect(list(page).getByRole("option").first()).toBeVisible();
      const shown = await list(page).getByRole("option").evaluateAll((options) => options.slice(0, 5).map((o) => o.getAttribute("data-thread-id")));
      expect(shown).toEqual(served);
    }).toPass({ intervals: [500, 1_000, 2_000], timeout: 30_000 });

    // The panes' separators say their value and bounds in the HTML, as the live page does.
    const inHtml = [...html.matchAll(/<div[^>]*role="separator"[^>]*>/g)].map((match) => separatorAria(match[0]));
    expect(inHtml.length).toBeGreaterThan(0);
    expect(inHtml.every((aria) => aria.every((value) => /^\S+$/.test(value ?? "")))).toBe(true);
    // Live: the search field is enabled once hydrated, when the panes' library has written its own values.
    await expect(page.getByRole("searchbox", { name: "Search conversations" })).toBeEnabled();
    const live = await page.getByRole("separator").evaluateAll((all) => all.map((separator) => separator.outerHTML));
    expect(live.map(separatorAria)).toEqual(inHtml);
  });

  test("draws rows at once, keeps the list pane's width, and keeps a resize across a reload", async ({ page, context }) => {
    await context.addInitScript(WATCH_FIRST_PAINT);
    const hydration = watchHydration(page);
    await page.goto("/");
    const painted = await firstPaint(page);
    expect(painted.rows, "rows on the first frame").toBeGreaterThan(0);
    await expect(list(page).getByRole("option").first()).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(Math.abs((await paneWidth(page)) - painted.width), "the list pane moved after its first paint").toBeLessThanOrEqual(1);

    // A wider list, by keyboard on the separator, saved in the cookie the server reads.
    const separator = page.getByRole("separator").first();
    await separator.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => paneWidth(page)).toBeGreaterThan(painted.width + 40);
    const resized = await paneWidth(page);
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "inbox-layout" && c.value.includes("list"))).toBe(true);

    await page.reload();
    const repainted = await firstPaint(page);
    expect(Math.abs(repainted.width - resized), "the reload's first paint has the saved width").toBeLessThanOrEqual(1);
    await page.waitForTimeout(1_000);
    expect(Math.abs((await paneWidth(page)) - resized), "the list pane moved after the reload's first paint").toBeLessThanOrEqual(1);
    expect(hydration).toEqual([]);
  });

  test("a link to a conversation asks for its panes' code as the page starts, and hydrates without a correction", async ({ page }) => {
    const html = await (await page.request.get("/?folder=all")).text();
    const threadId = html.match(/data-thread-id="([^"]+)"/)![1];
    /** The chunks a page asks for beyond its HTML's scripts, before its first read of the API (which waits for hydration). */
    const chunksBeforeReads = async (url: string) => {
      const fresh = await page.context().newPage();
      const hydration = watchHydration(fresh);
      const paths: string[] = [];
      fresh.on("request", (request) => paths.push(new URL(request.url()).pathname));
      const response = await fresh.goto(url);
      const inHtml = new Set([...(await response!.text()).matchAll(/\/_next\/static\/chunks\/[^"'\s]+\.js/g)].map((match) => match[0]));
      await expect.poll(() => paths.some((path) => path.startsWith("/api/"))).toBe(true);
      const firstRead = paths.findIndex((path) => path.startsWith("/api/"));
      return { page: fresh, hydration, chunks: paths.slice(0, firstRead).filter((path) => path.endsWith(".js") && !inHtml.has(path)) };
    };

    const folder = await chunksBeforeReads("/?folder=all");
    expect(folder.chunks, "a folder's first load stays without the panes' code").toEqual([]);
    await folder.page.close();
    const linked = await chunksBeforeReads(`/?folder=all&thread=${threadId}`);
    expect(linked.chunks.length, "the conversation's code, asked for before the page is live").toBeGreaterThan(0);
    await expect(linked.page.locator("#composer")).toBeVisible();
    await expect(linked.page.getByRole("status", { name: "Loading the conversation" })).toHaveCount(0);
    expect(linked.hydration).toEqual([]);
  });

  test("a bad layout cookie is ignored, not a failure", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "inbox-layout", value: "%7Bnot-json", url: baseURL! }]);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(list(page).getByRole("option").first()).toBeVisible();
  });

  test("is accessible in both themes", async ({ page }) => {
    await page.goto("/");
    await expect(list(page).getByRole("option").first()).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
      expect(await seriousViolations(page), `axe in ${colorScheme} mode`).toEqual([]);
    }
  });
});

test.describe("on a phone", () => {
  test.use({ storageState: storageStateOf("member"), viewport: { width: 390, height: 844 } });

  test("a wrong first guess is corrected without a hydration error, and remembered for the next paint", async ({ page }) => {
    const hydration = watchHydration(page);
    // A desktop browser's user agent in a phone-sized window: the server guesses desktop.
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open navigation" })).toBeVisible();
    await expect(list(page).getByRole("option").first()).toBeVisible();
    expect(hydration).toEqual([]);

    const html = await (await page.request.get("/")).text();
    expect(html).toContain('aria-label="Open navigation"');
    expect(html).toContain('data-thread-id="');
  });
});

test("a cold sign-in paints the inbox with its rows, its times in the browser's zone", async ({ browser, baseURL }) => {
  // Far from the server's zone (UTC+14): a time the server wrote in its own would not match.
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, timezoneId: "Pacific/Kiritimati" });
  await context.addInitScript(WATCH_FIRST_PAINT);
  const page = await context.newPage();
  const hydration = watchHydration(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_USERS.member.email);
  await page.getByLabel("Password").fill("inbox-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  const painted = await firstPaint(page);
  expect(painted.rows, "rows on the first frame of the inbox").toBeGreaterThan(0);
  await page.waitForTimeout(1_000);
  expect(Math.abs((await paneWidth(page)) - painted.width)).toBeLessThanOrEqual(1);

  expect(hydration).toEqual([]);
  await context.close();
});
