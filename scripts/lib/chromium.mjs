import { chromium } from "@playwright/test";

/**
 * Debian's Chromium as the e2e journeys, the benches and the weight budget drive it (browsers
 * cannot be downloaded here): headless, no GPU, nothing in the background.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};

/** @returns {Promise<import("@playwright/test").Browser>} */
export function launchChromium() {
  return chromium.launch(CHROMIUM_LAUNCH);
}

/**
 * Resolves, once called, when the page's requests have settled: none in flight (event streams
 * aside) for three frames in a row, or after 5 s.
 * @param {import("@playwright/test").Page} page
 * @returns {() => Promise<void>}
 */
export function quietWatcher(page) {
  const inFlight = new Set();
  const long = (url) => /\/events\b|\/stream\b/.test(url);
  page.on("request", (request) => {
    if (!long(request.url()) && request.resourceType() !== "eventsource") inFlight.add(request);
  });
  const done = (request) => inFlight.delete(request);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return async () => {
    const deadline = Date.now() + 5_000;
    let calm = 0;
    while (Date.now() < deadline && calm < 3) {
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30))));
      calm = inFlight.size === 0 ? calm + 1 : 0;
    }
  };
}

/**
 * Counts the page's JavaScript from now on, as it crossed the wire: every response of type
 * Script, its bytes as the DevTools protocol's `encodedDataLength` counts them (compressed body
 * and headers). `read()` answers the total so far.
 * @param {import("@playwright/test").Page} page
 * @returns {Promise<{ read(): { bytes: number, files: number } }>}
 */
export async function watchScripts(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const scripts = new Set();
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
