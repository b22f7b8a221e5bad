import { get } from "node:http";

/**
 * Issue 18's "hold the line": the JavaScript a browser fetches for the login page and for the
 * signed-in inbox, as the scripts their HTML names, in the bytes the server sends a browser that
 * accepts brotli and gzip (the build's brotli copies, scripts/standalone.mjs).
 * `npm test` fails when a page grows past its budget (scripts/standalone.test.mjs), so a feature
 * cannot quietly add weight. The budgets sit just above what the pages weigh today; the target
 * is 100 kB for the login page and 200 kB for the inbox (`npm run bench:ui` measures the
 * transfer in Chromium). Lower them as the speed work lands; raise them only on purpose.
 */
// Raised on purpose once: the React Compiler's memoization adds about 19 kB to the inbox (358 →
// 377 kB) and halves what a thread open draws; the render time was worth more than the weight.
// Lowered when the build's scripts were served brotli-compressed (login 188 → 164 kB, inbox 387
// → 332 kB with the server-rendered first paint), and again when the page stopped carrying zod
// and the schemas (the browser's clients trust the BFF, which checks), react-resizable-panels 4
// gave way to 3, and the Mentions view and message search's hits loaded when first shown (332 →
// 272 kB), and again when the menus' and tooltips' code (radix) on the first paint came at the
// first pointer move or key, and the first paint's dates were written through Intl instead of
// date-fns (login 164 → 146, inbox 272 → 230 kB), and once the list's snooze rules and its note
// of this tab's sends left date-fns and the send pipeline behind (230 → 227 kB), and again when
// the keyboard came at the first sign of work, nuqs and next/dynamic left the inbox, the first
// paint's small components dropped the compiler's memo code and the chunker merged the first load
// into fewer files (login 146 → 140, inbox 227 → 206 kB).
export const JS_BUDGET_KB = { login: 145, inbox: 210 };

/**
 * The scripts a page's HTML names and their compressed weight, in kB. A `noModule` script (Next's
 * polyfills, about 39 kB) is left out: every browser that runs modules skips it, so none we
 * support ever fetches it (`npm run bench:ui`'s count in Chromium never had it either).
 */
export async function pageJavaScript(base, path, cookie) {
  const page = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
  const html = await page.text();
  const tags = [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)].filter((match) => !/\snomodule\b/i.test(match[1] + match[3]));
  const sources = [...new Set(tags.map((match) => match[2].replaceAll("&amp;", "&")))];
  let bytes = 0;
  for (const source of sources) {
    bytes += await sentBytes(new URL(source, base));
  }
  return { files: sources.length, kb: Math.round(bytes / 1024) };
}

/** The body's length as sent, still compressed (fetch would decompress it). */
function sentBytes(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET ${url.pathname} answered ${response.statusCode}`));
        return;
      }
      let length = 0;
      response.on("data", (chunk) => (length += chunk.length));
      response.on("end", () => resolve(length));
      response.on("error", reject);
    }).on("error", reject);
  });
}
