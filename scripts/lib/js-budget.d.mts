// The types of js-budget.mjs, for the benches in TypeScript (allowJs is off).
import type { Browser, BrowserContext } from "@playwright/test";

export declare const JS_BUDGET_KB: { login: number; inbox: number };
export declare const READY: { login: string; inbox: string };
export declare function pageJavaScript(
  browser: Browser,
  url: string,
  options: { ready: string; cookies?: Parameters<BrowserContext["addCookies"]>[0] },
): Promise<{ bytes: number; files: number; kb: number }>;
