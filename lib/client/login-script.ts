import { signInErrorSentence, signInWithEmail } from "@/lib/client/auth";
import { layoutCookieString, type InboxLayout } from "@/lib/client/layout-cookie";

/**
 * The login page's one script, inline in its HTML: the page ships no other JavaScript
 * (lib/login-page says why). It does what the page's React form did: signs in with `fetch`
 * (JSON, the only body sign-in takes), shows a refusal as a plain sentence without losing what
 * was typed, fills in a demo login, and saves the browser's time zone in the layout cookie so
 * the inbox's first paint writes its times in that zone.
 *
 * Sent as source text, so every function in it is self-contained (no imports, no helpers): the
 * wiring here, and the sign-in request, the sentences and the cookie from their own modules,
 * handed in as arguments.
 */

/** What the page's markup hands its script, as JSON in the form's `data-login` attribute. */
export type LoginScriptConfig = { next: string; demoPassword: string | null; layout: InboxLayout };

export const LOGIN_FORM_ID = "login-form";

type Helpers = { signIn: typeof signInWithEmail; sentence: typeof signInErrorSentence; layoutCookie: typeof layoutCookieString };

export function installLoginForm({ signIn, sentence, layoutCookie }: Helpers): void {
  const form = document.getElementById("login-form") as HTMLFormElement | null;
  if (!form) return;
  const config = JSON.parse(form.getAttribute("data-login") ?? "{}") as LoginScriptConfig;

  // Before the inbox is first drawn: the server writes its times in the zone saved here.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (config.layout.timeZone !== timeZone) document.cookie = layoutCookie({ ...config.layout, timeZone });

  const email = form.elements.namedItem("email") as HTMLInputElement;
  const password = form.elements.namedItem("password") as HTMLInputElement;
  const submit = form.querySelector("button[type=submit]") as HTMLButtonElement;
  const alert = form.querySelector("[role=alert]") as HTMLElement;
  const pending = (busy: boolean) => {
    submit.disabled = busy;
    form.setAttribute("aria-busy", String(busy));
    submit.querySelector("[data-pending]")?.classList.toggle("hidden", !busy);
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    pending(true);
    alert.textContent = "";
    void signIn(email.value.trim(), password.value).then((result) => {
      if (result.ok) {
        // The server checked `next`; held to this page's own origin once more, where the page really is.
        // A whole page load, not a client navigation: the inbox comes as the server's HTML, rows
        // included, and paints while its scripts still load.
        const target = new URL(config.next, window.location.origin);
        window.location.replace(target.origin === window.location.origin ? target.href : "/");
        return;
      }
      pending(false);
      alert.textContent = sentence(result.status, result.retryAfterSeconds);
      // Disabled while it waited, the button let go of the focus: the password is what to look at again.
      password.focus();
      password.select();
    });
  });

  for (const choice of document.querySelectorAll("[data-demo-email]")) {
    choice.addEventListener("click", () => {
      email.value = choice.getAttribute("data-demo-email") ?? "";
      password.value = config.demoPassword ?? "";
      alert.textContent = "";
    });
  }
}

export const LOGIN_SCRIPT = `(${installLoginForm.toString()})({ signIn: ${signInWithEmail.toString()}, sentence: ${signInErrorSentence.toString()}, layoutCookie: ${layoutCookieString.toString()} })`;
