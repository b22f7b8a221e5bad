import type { IncomingHttpHeaders } from "node:http";

import type { InboxLayout } from "@/lib/client/layout-cookie";

/**
 * The login page's server side, handed across Next's routers.
 *
 * The login page is a Pages Router page (pages/login.tsx) rendered without Next's client
 * runtime (`unstable_runtimeJS: false`): any App Router page carries React and Next's client,
 * about 110 kB, while a login form needs one small script (lib/client/login-script). A page of
 * the Pages Router may not import lib/server (`server-only`), and a copy of its modules bundled
 * for that router would open a second runtime. So the server registers the function that
 * answers the page here when it starts (lib/server/runtime/start, from instrumentation.ts), on
 * `globalThis`, the way the runtime, the logger and the metrics are already shared between
 * Next's bundles; the page calls it through `loginPageAnswer`.
 */
export const LOGIN_PAGE = Symbol.for("team-inbox.login-page");

export type DemoLogin = { email: string; name: string; role: string };

export type LoginPageProps = {
  /** Where to go once signed in: a path of the inbox's own (lib/api/return-path). */
  next: string;
  /** Listed in demo mode only: a real deployment never shows who can sign in. */
  demoLogins: DemoLogin[];
  demoPassword: string | null;
  /** The layout cookie as the server read it, so the page's script saves the browser's time zone into it. */
  layout: InboxLayout;
  /** This request's CSP nonce (proxy.ts), for the page's inline scripts. */
  nonce: string | null;
};

/** A visitor already signed in goes on to `redirect`; anyone else is shown the form. */
export type LoginPageAnswer = { redirect: string } | { props: LoginPageProps };

export type LoginPageSource = (headers: Headers, next: string | string[] | undefined) => Promise<LoginPageAnswer>;

/** The answer for one request to the login page, from the server's registered source. */
export function loginPageAnswer(requestHeaders: IncomingHttpHeaders, next: string | string[] | undefined): Promise<LoginPageAnswer> {
  const source = (globalThis as { [LOGIN_PAGE]?: LoginPageSource })[LOGIN_PAGE];
  if (!source) throw new Error("The login page's server side is not registered: the inbox registers it when it starts (instrumentation.ts).");
  const headers = new Headers();
  for (const [name, value] of Object.entries(requestHeaders)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return source(headers, next);
}
