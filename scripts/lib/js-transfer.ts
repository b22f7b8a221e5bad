import type { Browser, Page } from "@playwright/test";

import { quietWatcher } from "./ui-timing";

/**
 * The JavaScript a page transferred, for `npm run bench:ui`: bytes on the wire (headers
 * included, as the DevTools protocol's `encodedDataLength` counts them) of every response of
 * type Script, in a fresh browser profile, so nothing comes from the cache.
 */
export type Transfer = { bytes: number; files: number };

/** Counts script bytes from now on; `read()` answers the total so far. */
export async function watchScripts(page: Page): Promise<{ read(): Transfer }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const scripts = new Set<string>();
  let bytes = 0;
  let files = 0;
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") scripts.add(event.requestId);
  });
  cdp.on("Network.loadingFinished", (event) => {
    if (!scripts.has(event.requestId)) return;
    bytes += event.encodedDataLength;
    files++;
  });
  return { read: () => ({ bytes, files }) };
}

export const kB = (t: Transfer) => Math.round(t.bytes / 1000);

/**
 * The login page's scripts, then those fetched after Sign in (the inbox's, less what the login
 * page already brought), then a cold load of the signed-in inbox in another fresh profile (all
 * of the inbox page's scripts, as a returning person on a new device gets them).
 */
export async function measureJs(
  browser: Browser,
  base: string,
  signIn: (page: Page) => Promise<void>,
): Promise<{ login: Transfer; afterSignIn: Transfer; inbox: Transfer }> {
  const first = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await first.newPage();
  const loginWatch = await watchScripts(page);
  const settled = quietWatcher(page);
  await page.goto(`${base}/login`, { waitUntil: "load" });
  await settled();
  const login = loginWatch.read();
  await signIn(page);
  await page.locator('[data-thread-list] [role="option"]').first().waitFor();
  await settled();
  const total = loginWatch.read();
  const afterSignIn = { bytes: total.bytes - login.bytes, files: total.files - login.files };
  const cookies = await first.cookies();
  await first.close();

  const second = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await second.addCookies(cookies.filter((c) => c.name.includes("session")));
  const inboxPage = await second.newPage();
  const inboxWatch = await watchScripts(inboxPage);
  const inboxSettled = quietWatcher(inboxPage);
  await inboxPage.goto(`${base}/`, { waitUntil: "load" });
  await inboxPage.locator('[data-thread-list] [role="option"]').first().waitFor();
  await inboxSettled();
  const inbox = inboxWatch.read();
  await second.close();
  return { login, afterSignIn, inbox };
}
