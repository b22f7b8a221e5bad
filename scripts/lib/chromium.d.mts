// The types of chromium.mjs, for the benches in TypeScript (allowJs is off).
import type { Browser, LaunchOptions, Page } from "@playwright/test";

export declare const CHROMIUM_LAUNCH: LaunchOptions;
export declare function launchChromium(): Promise<Browser>;
export declare function quietWatcher(page: Page): () => Promise<void>;
export declare function watchScripts(page: Page): Promise<{ read(): { bytes: number; files: number } }>;
