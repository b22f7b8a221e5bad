import "server-only";
import { safeReturnPath } from "@/lib/api/return-path";
import { LAYOUT_COOKIE, cookieValue } from "@/lib/client/layout-cookie";
import { LOGIN_PAGE, type LoginPageAnswer, type LoginPageSource } from "@/lib/login-page";
import { parseInboxLayout } from "../http/layout-cookie";
import { headersOrigin } from "../http/origin";
import { viewerFrom } from "../http/session";
import { DEMO_PASSWORD, runtime } from "../runtime/runtime";

/** What the login page shows a request (lib/login-page explains why it is reached this way). */
export async function loginPage(headers: Headers, next: string | string[] | undefined): Promise<LoginPageAnswer> {
  const rt = await runtime();
  const returnPath = safeReturnPath(next, rt.config.publicUrl ?? headersOrigin(headers));
  if (await viewerFrom(headers, rt)) return { redirect: returnPath };
  const demo = rt.config.mode === "demo";
  return {
    props: {
      next: returnPath,
      // Listed only on the sandbox: a real deployment never shows who can sign in.
      demoLogins: demo ? (await rt.users.list()).map(({ email, name, role }) => ({ email, name, role })) : [],
      demoPassword: demo ? DEMO_PASSWORD : null,
      layout: parseInboxLayout(cookieValue(headers.get("cookie") ?? "", LAYOUT_COOKIE)),
      nonce: headers.get("x-nonce"),
    },
  };
}

/** Registers `loginPage` for pages/login.tsx; the server's start calls it once. */
export function shareLoginPage(): void {
  (globalThis as { [LOGIN_PAGE]?: LoginPageSource })[LOGIN_PAGE] = loginPage;
}
