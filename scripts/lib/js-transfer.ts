import type { Browser, Page } from "@playwright/test";

import { quietWatcher, watchScripts } from "./chromium.mjs";
import { pageJavaScript, READY } from "./js-budget.mjs";

/**
 * The JavaScript pages transferred, for `npm run bench:ui`: bytes on the wire (headers included,
 * as the DevTools protocol's `encodedDataLength` counts them) of every response of type Script,
 * in a fresh browser profile, so nothing comes from the cache. The cold loads are measured as
 * `npm test`'s budget measures them (scripts/lib/js-budget.mjs).
 */
export type Transfer = { bytes: number; files: number };

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
  await page.locator(READY.login).waitFor();
  await settled();
  const login = loginWatch.read();
  await signIn(page);
  await page.locator(READY.inbox).first().waitFor();
  await settled();
  const total = loginWatch.read();
  const afterSignIn = { bytes: total.bytes - login.bytes, files: total.files - login.files };
  const cookies = (await first.cookies()).filter((c) => c.name.includes("session"));
  await first.close();

  const inbox = await pageJavaScript(browser, `${base}/`, { ready: READY.inbox, cookies });
  return { login, afterSignIn, inbox };
}
