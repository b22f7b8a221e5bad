import AxeBuilder from "@axe-core/playwright";
import { expect, request, test, type BrowserContext, type Page } from "@playwright/test";
import { serverAt, type E2eServer } from "./servers";

/** The demo users the journeys act as, one per role. */
export const DEMO_USERS = {
  admin: { email: "olivia@acme.test", name: "Olivia Hart" },
  manager: { email: "marcus@acme.test", name: "Marcus Lee" },
  member: { email: "sam@acme.test", name: "Sam Rivera" },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/** The stored session of a demo role on one of the e2e servers (e2e/servers.ts). */
export function storageStateOf(role: DemoRole, server: E2eServer = "main"): string {
  return `e2e/.auth/${server}-${role}.json`;
}

/**
 * The sandbox's control API through the inbox (demo mode). It is an admin's, so the call goes
 * with the demo admin's stored session whoever the journey is signed in as; it must succeed.
 * Answers the JSON body (null for 204).
 */
export async function sandboxControl(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<unknown> {
  const baseURL = test.info().project.use.baseURL!;
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin", serverAt(baseURL)), extraHTTPHeaders: { origin: baseURL } });
  try {
    const response = await admin.fetch(`/api/sandbox/_sandbox${path}`, { method, data: body });
    expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
    return response.status() === 204 ? null : await response.json();
  } finally {
    await admin.dispose();
  }
}

/** axe-core's serious and critical findings, in a form that reads well when a test fails. */
export async function seriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  // A journey that adds one part to a screen the others already check can check that part alone.
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }));
}

/**
 * Headless Chromium shows no notifications: grants the permission and records, in `window.shown`,
 * what the inbox asks the browser to show (title, body, and the click handler to call).
 */
export async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.grantPermissions(["notifications"]);
  await context.addInitScript(() => {
    const shown: Recorder[] = [];
    (window as unknown as { shown: typeof shown }).shown = shown;
    class Recorder {
      static permission = "granted";
      static requestPermission = () => Promise.resolve("granted");
      onclick: (() => void) | null = null;
      body: string | undefined;
      constructor(
        readonly title: string,
        options?: NotificationOptions,
      ) {
        this.body = options?.body;
        shown.push(this);
      }
      close() {}
    }
    Object.defineProperty(window, "Notification", { value: Recorder });
  });
}

/**
 * Loads a view of the inbox and waits until it is live on the browser's own first read of the
 * list. The server's rows come in the HTML and are read again once the page is live
 * (lib/client/server-state); when another journey changed threads in between (the servers are
 * shared), that read orders the rows anew, so a journey that reads rows by position must start
 * after it.
 */
export async function gotoLiveInbox(page: Page, url: string): Promise<void> {
  const firstRead = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v2/threads" && response.request().method() === "GET");
  await page.goto(url);
  await firstRead;
  await expect(page.getByRole("searchbox", { name: "Search conversations" })).toBeEnabled();
  await expect(page.getByRole("listbox", { name: /conversations$/ }).getByRole("option").first()).toBeVisible();
}
