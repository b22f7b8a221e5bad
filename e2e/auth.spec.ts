import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_USERS, seriousViolations, storageStateOf } from "./helpers";

// The demo token: it must never reach a browser, in a page, a response or a built file.
const TOKEN = "sandbox-token-acme";

test.describe("signed out", () => {
  test("pages send you to the login page, which brings you back", async ({ page }) => {
    await page.goto("/?folder=noReply");
    await expect(page).toHaveURL(/\/login\?next=%2F%3Ffolder%3DnoReply$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Team Inbox" })).toBeVisible();

    await page.getByLabel("Email").fill(DEMO_USERS.member.email);
    await page.getByLabel("Password").fill("inbox-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/\?folder=noReply$/);
  });

  test("the API answers 401 with the spec's error body", async ({ request }) => {
    const response = await request.get("/api/v2/threads");
    expect(response.status()).toBe(401);
    const body = await response.json();
    expect(body).toMatchObject({ code: "unauthorized", details: null });
    expect(body.requestId).toBe(response.headers()["x-request-id"]);
  });

  test("a wrong password gets a plain sentence", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO_USERS.member.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("That email and password don't match. Check them and try again.");
    await expect(page).toHaveURL(/\/login/);
  });

  test("in demo mode the login page lists the demo logins, and one click fills them in", async ({ page }) => {
    await page.goto("/login");
    const demo = page.getByRole("region", { name: "Demo logins" });
    for (const user of Object.values(DEMO_USERS)) await expect(demo.getByText(user.email)).toBeVisible();
    await demo.getByRole("button", { name: new RegExp(DEMO_USERS.manager.email) }).click();
    await expect(page.getByLabel("Email")).toHaveValue(DEMO_USERS.manager.email);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the login page has no serious axe violations in ${colorScheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("responses carry the security headers", async ({ request }) => {
    const headers = (await request.get("/login")).headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
  });

  test("health answers without a session and names nothing secret", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ status: "ok", mode: "demo", upstream: { reachable: true } });
    expect(text).not.toContain(TOKEN);
  });
});

test.describe("the token never reaches the browser", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("in no response of any page, and in no built client file", async ({ page }) => {
    const leaks: string[] = [];
    page.on("response", async (response) => {
      const body = await response.body().catch(() => null);
      if (body?.toString("utf8").includes(TOKEN)) leaks.push(response.url());
    });
    for (const url of ["/", "/login", "/api/health", "/api/v2/team", "/api/v2/threads?limit=100", "/api/v2/members", "/api/v2/account-links"]) {
      await page.goto(url);
    }
    await page.waitForLoadState("networkidle");
    expect(leaks).toEqual([]);

    const built = filesUnder(".next/static");
    expect(built.length).toBeGreaterThan(0);
    expect(built.filter((file) => readFileSync(file, "utf8").includes(TOKEN))).toEqual([]);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
