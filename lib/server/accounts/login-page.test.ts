import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LAYOUT, layoutCookieString } from "@/lib/client/layout-cookie";
import { LOGIN_PAGE, loginPageAnswer } from "@/lib/login-page";
import { ORIGIN, startTestBff, type TestBff } from "../testing/bff";
import { loginPage, shareLoginPage } from "./login-page";

/** What pages/login.tsx is answered, through the same function the server registers for it. */
let bff: TestBff;
let session: string;

beforeAll(async () => {
  bff = await startTestBff();
  session = await bff.signIn("sam");
});

afterAll(() => bff.close());

const headers = (entries: Record<string, string>) => new Headers({ host: new URL(ORIGIN).host, ...entries });

describe("the login page's answer", () => {
  it("shows a visitor the form, with the demo logins on the sandbox, the return path, the layout and the nonce", async () => {
    const layout = layoutCookieString({ ...DEFAULT_LAYOUT, contactPanel: false, timeZone: "Asia/Tokyo" }).split(";")[0]!;
    const answer = await loginPage(headers({ cookie: layout, "x-nonce": "abc" }), "/?folder=noReply");
    if (!("props" in answer)) throw new Error("expected the form");
    expect(answer.props).toMatchObject({ next: "/?folder=noReply", demoPassword: "inbox-demo", nonce: "abc", layout: { ...DEFAULT_LAYOUT, contactPanel: false, timeZone: "Asia/Tokyo" } });
    expect(answer.props.demoLogins).toContainEqual({ email: "olivia@acme.test", name: "Olivia Hart", role: "admin" });
  });

  it("never hands the form a return path off the inbox, or a layout it could not read", async () => {
    const answer = await loginPage(headers({ cookie: "inbox-layout=%7Bnot-json" }), ["//evil.test", "/"]);
    if (!("props" in answer)) throw new Error("expected the form");
    expect(answer.props.next).toBe("/");
    expect(answer.props.layout).toEqual(DEFAULT_LAYOUT);
    expect((await loginPage(headers({}), "https://evil.test/")) as { props: { next: string } }).toMatchObject({ props: { next: "/" } });
  });

  it("sends a signed-in visitor on to the return path", async () => {
    expect(await loginPage(headers({ cookie: session }), "/?folder=noReply")).toEqual({ redirect: "/?folder=noReply" });
    expect(await loginPage(headers({ cookie: session }), "/\t/evil.test")).toEqual({ redirect: "/" });
  });

  it("reaches the page through globalThis once the server registered it, with Node's headers as they come", async () => {
    const holder = globalThis as { [LOGIN_PAGE]?: unknown };
    delete holder[LOGIN_PAGE];
    expect(() => loginPageAnswer({}, undefined)).toThrow(/not registered/);
    shareLoginPage();
    expect(await loginPageAnswer({ host: new URL(ORIGIN).host, cookie: session, "x-forwarded-for": ["10.0.0.1", "10.0.0.2"] }, "/pipeline")).toEqual({ redirect: "/pipeline" });
  });
});
