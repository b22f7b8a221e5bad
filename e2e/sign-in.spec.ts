import { expect, test } from "@playwright/test";
import { DEMO_USERS, storageStateOf } from "./helpers";

// Every header a client could use to claim another address: none of them may move the limits.
const forged = (i: number) => {
  const address = `198.51.100.${i}`;
  return { "x-forwarded-for": address, "x-real-ip": address, "x-inbox-peer-address": address, "x-inbox-client-address": address };
};

test.describe("the sign-in limits", () => {
  test("an account takes 20 guesses, form bodies none, and then not even the right password", async ({ playwright, baseURL }) => {
    const origin = { origin: baseURL! };
    // A user of its own, so that locking it holds no other journey back.
    const admin = await playwright.request.newContext({ baseURL, storageState: storageStateOf("admin") });
    const email = `locked.${Date.now().toString(36)}@acme.test`;
    const password = "the-right-password-42";
    expect((await admin.post("/api/inbox/users", { data: { email, name: "Lee Locked", password, role: "member" }, headers: origin })).status()).toBe(201);

    // The member signs in first, claiming other addresses: better-auth records the socket's.
    const member = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    expect((await member.post("/api/auth/sign-in/email", { data: { email, password }, headers: { ...origin, ...forged(250) } })).status()).toBe(200);
    const sessions = (await (await member.get("/api/auth/list-sessions")).json()) as { ipAddress: string | null }[];
    expect(sessions.map((session) => session.ipAddress)).toEqual(["127.0.0.1"]);

    // The outsider: half the guesses as JSON, half as a form, each from a "new" address.
    const outsider = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const guess = { email, password: `wrong-guess-${i}` };
      statuses.push((await outsider.post("/api/auth/sign-in/email", { data: guess, headers: { ...origin, ...forged(i) } })).status());
      statuses.push((await outsider.post("/api/auth/sign-in/email", { form: guess, headers: { ...origin, ...forged(i) } })).status());
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(12);
    expect(statuses.filter((status) => status === 415)).toHaveLength(12);

    // The right password as a form: refused, no session.
    const asForm = await outsider.post("/api/auth/sign-in/email", { form: { email, password }, headers: { ...origin, ...forged(99) } });
    expect(asForm.status()).toBe(415);
    expect(asForm.headers()["set-cookie"]).toBeUndefined();

    for (let i = 12; i < 20; i++) {
      const response = await outsider.post("/api/auth/sign-in/email", { data: { email, password: `wrong-guess-${i}` }, headers: { ...origin, ...forged(i) } });
      expect(response.status()).toBe(401);
    }
    // The right password as JSON, from yet another "address": the account is locked.
    const locked = await outsider.post("/api/auth/sign-in/email", { data: { email, password }, headers: { ...origin, ...forged(200) } });
    expect(locked.status()).toBe(429);
    expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(0);
    expect(locked.headers()["set-cookie"]).toBeUndefined();
    expect((await outsider.storageState()).cookies).toEqual([]);
    expect((await outsider.get("/api/v2/team")).status()).toBe(401);

    // Nothing changed for the member: the session made before still opens the inbox.
    expect((await member.get("/api/v2/team")).status()).toBe(200);
    await Promise.all([admin.dispose(), member.dispose(), outsider.dispose()]);
  });

  test("locking one account holds nobody else back", async ({ request, baseURL }) => {
    const response = await request.post("/api/auth/sign-in/email", {
      data: { email: DEMO_USERS.member.email, password: "inbox-demo" },
      headers: { origin: baseURL!, ...forged(1) },
    });
    expect(response.status()).toBe(200);
  });
});

// What /login?next=… hands the page (once decoded), for values that must not leave the inbox.
const ATTACKS = ["/\t/evil.test", "/\n/evil.test", "/\r/evil.test", "/\u200b/evil.test", "//evil.test", "/\\evil.test", "https://evil.test", "/%2F%2Fevil.test", "javascript:alert(1)"];
const loginWith = (next: string) => `/login?next=${encodeURIComponent(next)}`;

test.describe("the return path after signing in, as a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("a signed-in visit to the login page goes back into the inbox, never elsewhere", async ({ request, baseURL }) => {
    for (const next of ATTACKS) {
      const response = await request.get(loginWith(next), { maxRedirects: 0 });
      expect(response.status(), JSON.stringify(next)).toBe(307);
      expect(new URL(response.headers()["location"]!, baseURL).href, JSON.stringify(next)).toBe(new URL("/", baseURL).href);
    }
    // The issue's own spelling, as a browser sends it.
    const raw = await request.get("/login?next=/%09/evil.test", { maxRedirects: 0 });
    expect(new URL(raw.headers()["location"]!, baseURL).href).toBe(new URL("/", baseURL).href);
    // A path of the inbox is still where it goes.
    const kept = await request.get(loginWith("/?folder=noReply"), { maxRedirects: 0 });
    expect(new URL(kept.headers()["location"]!, baseURL).href).toBe(new URL("/?folder=noReply", baseURL).href);
  });
});

test.describe("the return path after signing in, signed out", () => {
  test("the login page answers every bad value without an error", async ({ request }) => {
    for (const query of ["next=/%0a/evil.test", "next=/%0d/evil.test", "next=/%E2%80%8B/evil.test", "next=/%09/evil.test", "next=%0d%0aSet-Cookie:%20a=b", "next=/%E0%A4%A"]) {
      const response = await request.get(`/login?${query}`, { maxRedirects: 0 });
      expect(response.status(), query).toBe(200);
      expect(response.headers()["content-type"], query).toContain("text/html");
      expect(response.headers()["set-cookie"], query).toBeUndefined();
    }
  });

  test("signing in from a link with a bad return path lands on the inbox", async ({ page, baseURL }) => {
    const hosts = new Set<string>();
    page.on("request", (request) => hosts.add(new URL(request.url()).host));
    await page.goto("/login?next=/%09/evil.test");
    await page.getByLabel("Email").fill(DEMO_USERS.member.email);
    await page.getByLabel("Password").fill("inbox-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new URL("/", baseURL).href);
    expect([...hosts].filter((host) => host.includes("evil"))).toEqual([]);
  });

  test("the login page loads no script file; offline it says so, keeps what was typed, and signs in once back", async ({ page, baseURL }) => {
    const scripts: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())));
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO_USERS.member.email);
    await page.getByLabel("Password").fill("inbox-demo");
    expect(scripts, "scripts of the login page").toEqual([]);

    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("You appear to be offline. Check your connection.");
    await expect(page.getByLabel("Email")).toHaveValue(DEMO_USERS.member.email);
    await expect(page.getByLabel("Password")).toBeFocused();

    await page.context().setOffline(false);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new URL("/", baseURL).href);
    await expect(page.locator("[data-thread-list] [role=option]").first()).toBeVisible();
  });

  test("over plain http, no Strict-Transport-Security pins the host", async ({ request }) => {
    const headers = (await request.get("/login")).headers();
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(headers["x-frame-options"]).toBe("DENY");
  });
});

test.describe("the login page without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("says signing in needs them, and a press of Sign in never puts the password in a URL", async ({ page, context, baseURL }) => {
    // Chromium's switch for scripts leaves <noscript> unshown: what it holds is read from the HTML.
    expect(await (await page.request.get("/login")).text()).toMatch(/<noscript><p [^>]*>Signing in needs JavaScript/);
    await page.goto("/login?next=%2F%3Ffolder%3DnoReply");
    await page.getByLabel("Email").fill(DEMO_USERS.member.email);
    await page.getByLabel("Password").fill("inbox-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Team Inbox" })).toBeVisible();
    expect(page.url()).toBe(new URL("/login?next=%2F%3Ffolder%3DnoReply", baseURL).href);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("inbox.session_token");
  });
});
