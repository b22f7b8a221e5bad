import type { Browser, BrowserContext, Page } from "@playwright/test";

/**
 * The inbox's first moments, as a person lives them, in a fresh browser profile (no cache):
 *
 * - a cold sign-in: the login page, the form filled, Sign in pressed; times run from the click;
 * - a cold load: the signed-in inbox opened in a new profile (the session cookie only, so the
 *   layout cookie and the cache are empty); times run from the navigation's start.
 *
 * "First paint" is the first frame that draws the list pane (the old skeleton counts: it is what
 * the person saw), "first row" the first frame with a thread row in it. The list pane's width is
 * read at first paint and 3 s later: any difference is a jump.
 */
export type FirstMoments = { firstPaintMs: number; firstRowMs: number; paneAtPaint: number | null; paneLater: number | null };

type Marks = { paint?: number; row?: number; paneAtPaint?: number | null };

const VIEWPORT = { width: 1440, height: 900 };

const WATCH_FRAMES = `(() => {
  const marks = {};
  window.__firstMoments = marks;
  const pane = () => document.querySelector("[data-panel]#list") ?? document.querySelector('[aria-label="Loading the inbox"] > :nth-child(2)');
  // Nothing is painted before the stylesheet applies (the body's min-height is ours), though frames may run.
  const styled = () => document.body !== null && getComputedStyle(document.body).minHeight !== "0px";
  const frame = () => {
    if (location.pathname !== "/login" && styled()) {
      const list = pane();
      if (marks.paint === undefined && list && list.getBoundingClientRect().width > 0) {
        marks.paint = Date.now();
        marks.paneAtPaint = list.getBoundingClientRect().width;
      }
      const row = document.querySelector('[data-thread-list] [role="option"]');
      if (marks.row === undefined && row && row.getBoundingClientRect().height > 0) marks.row = Date.now();
    }
    if (marks.row === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

export async function coldSignIn(browser: Browser, base: string, email = "olivia@acme.test"): Promise<FirstMoments & { cookies: Awaited<ReturnType<BrowserContext["cookies"]>> }> {
  const context = await watchedContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("inbox-demo");
    const clicked = Date.now();
    await page.getByRole("button", { name: "Sign in" }).click();
    return { ...(await momentsSince(page, clicked)), cookies: await context.cookies() };
  } finally {
    await context.close();
  }
}

export async function coldLoad(browser: Browser, base: string, sessionCookies: Awaited<ReturnType<BrowserContext["cookies"]>>): Promise<FirstMoments> {
  const context = await watchedContext(browser);
  try {
    // Only the session: whatever else the sign-in saved (the layout) is what a new device lacks.
    await context.addCookies(sessionCookies.filter((cookie) => cookie.name.includes("session")));
    const page = await context.newPage();
    await page.goto(`${base}/`);
    return await momentsSince(page, await page.evaluate(() => performance.timeOrigin));
  } finally {
    await context.close();
  }
}

async function watchedContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // Runs in every document: watches each frame until the first row, whatever navigation brings it.
  // A string, not a function: tsx would name the inner functions with a helper the page lacks.
  await context.addInitScript(WATCH_FRAMES);
  return context;
}

async function momentsSince(page: Page, start: number): Promise<FirstMoments> {
  await page.waitForFunction(() => (window as unknown as { __firstMoments?: Marks }).__firstMoments?.row !== undefined, null, { timeout: 60_000 });
  const marks = await page.evaluate(() => (window as unknown as { __firstMoments: Marks }).__firstMoments);
  await page.waitForTimeout(Math.max(0, marks.paint! + 3_000 - Date.now()));
  const paneLater = await page.evaluate(() => document.querySelector<HTMLElement>("[data-panel]#list")?.getBoundingClientRect().width ?? null);
  return { firstPaintMs: Math.round(marks.paint! - start), firstRowMs: Math.round(marks.row! - start), paneAtPaint: marks.paneAtPaint ?? null, paneLater };
}
