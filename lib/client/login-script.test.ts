import { describe, expect, it, vi } from "vitest";

import { signInErrorSentence } from "./auth";
import { DEFAULT_LAYOUT, layoutCookieString } from "./layout-cookie";
import { LOGIN_FORM_ID, LOGIN_SCRIPT, type LoginScriptConfig } from "./login-script";

type Listener = (event: { preventDefault(): void }) => void;

/** The page the script finds, as plain objects: the script runs from its source text, as a browser gets it. */
function loginPage(config: LoginScriptConfig, answer: () => Promise<Response>) {
  const listeners = new Map<string, Listener>();
  let focused: string | null = null;
  const field = (name: string) => ({ value: "", focus: () => void (focused = name), select() {} });
  const fields = { email: field("email"), password: field("password") };
  const spinner = { hidden: true, classList: { toggle: (_: string, hide: boolean) => void (spinner.hidden = hide) } };
  const submit = { disabled: false, querySelector: () => spinner };
  const alert = { textContent: "" };
  const attributes = new Map<string, string>([["data-login", JSON.stringify(config)]]);
  const form = {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    elements: { namedItem: (name: "email" | "password") => fields[name] },
    querySelector: (selector: string) => (selector === "button[type=submit]" ? submit : selector === "[role=alert]" ? alert : null),
    addEventListener: (type: string, listener: Listener) => void listeners.set(type, listener),
  };
  const demo = { getAttribute: () => "marcus@acme.test", addEventListener: (_: string, listener: Listener) => void listeners.set("demo", listener) };
  const cookies: string[] = [];
  const document = {
    getElementById: (id: string) => (id === LOGIN_FORM_ID ? form : null),
    querySelectorAll: (selector: string) => (selector === "[data-demo-email]" ? [demo] : []),
    set cookie(value: string) {
      cookies.push(value);
    },
  };
  const location = { origin: "https://inbox.test", replace: vi.fn() };
  const fetch = vi.fn(answer);
  new Function("document", "window", "fetch", LOGIN_SCRIPT)(document, { location }, fetch);

  const submitForm = async () => {
    const preventDefault = vi.fn();
    listeners.get("submit")!({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { focused: () => focused, fields, spinner, submit, alert, attributes, cookies, location, fetch, submitForm, pickDemo: () => listeners.get("demo")!({ preventDefault() {} }) };
}

const config: LoginScriptConfig = { next: "/?folder=noReply", demoPassword: "inbox-demo", layout: { ...DEFAULT_LAYOUT, contactPanel: false } };

describe("the login page's script, run from its source text", () => {
  it("signs in with the typed email and password as JSON, then loads the return path whole", async () => {
    const page = loginPage(config, async () => new Response("{}", { status: 200 }));
    page.fields.email.value = "  sam@acme.test ";
    page.fields.password.value = "secret";
    await page.submitForm();
    expect(page.fetch).toHaveBeenCalledWith("/api/auth/sign-in/email", expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "sam@acme.test", password: "secret" }) }));
    expect(page.location.replace).toHaveBeenCalledWith("https://inbox.test/?folder=noReply");
    expect(page.attributes.get("aria-busy")).toBe("true");
  });

  it("never leaves the page's origin, whatever the return path says", async () => {
    const page = loginPage({ ...config, next: "//evil.test/x" }, async () => new Response("{}", { status: 200 }));
    await page.submitForm();
    expect(page.location.replace).toHaveBeenCalledWith("/");
  });

  it("shows a refusal as a plain sentence, keeps what was typed, and can be sent again", async () => {
    const page = loginPage(config, async () => new Response("{}", { status: 429, headers: { "retry-after": "30" } }));
    page.fields.email.value = "sam@acme.test";
    page.fields.password.value = "wrong";
    await page.submitForm();
    expect(page.alert.textContent).toBe(signInErrorSentence(429, 30));
    expect([page.fields.email.value, page.fields.password.value]).toEqual(["sam@acme.test", "wrong"]);
    expect(page.focused()).toBe("password");
    expect(page.submit.disabled).toBe(false);
    expect(page.spinner.hidden).toBe(true);
    expect(page.location.replace).not.toHaveBeenCalled();
  });

  it("says so when the server cannot be reached", async () => {
    const page = loginPage(config, async () => Promise.reject(new TypeError("Failed to fetch")));
    await page.submitForm();
    expect(page.alert.textContent).toBe(signInErrorSentence(0, null));
  });

  it("fills in a demo login", () => {
    const page = loginPage(config, async () => new Response("{}"));
    page.alert.textContent = "an old refusal";
    page.pickDemo();
    expect([page.fields.email.value, page.fields.password.value]).toEqual(["marcus@acme.test", "inbox-demo"]);
    expect(page.alert.textContent).toBe("");
  });

  it("saves the browser's time zone into the layout the server read, once it differs", () => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(loginPage(config, async () => new Response("{}")).cookies).toEqual([layoutCookieString({ ...config.layout, timeZone })]);
    expect(loginPage({ ...config, layout: { ...config.layout, timeZone } }, async () => new Response("{}")).cookies).toEqual([]);
  });
});
