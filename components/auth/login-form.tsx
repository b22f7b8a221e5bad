import { Button } from "@/components/ui/button";
import { LoaderCircleIcon } from "@/components/ui/icons";
import { LOGIN_FORM_ID, type LoginScriptConfig } from "@/lib/client/login-script";
import type { DemoLogin } from "@/lib/login-page";

/**
 * Email and password, drawn on the server only: the login page's inline script
 * (lib/client/login-script) signs in, shows a refusal in the alert, and fills in a demo login.
 * Without scripts the form posts back to the page, never putting the password in a URL.
 */
export function LoginForm({ config, demoLogins }: { config: LoginScriptConfig; demoLogins: DemoLogin[] }) {
  return (
    <div className="flex flex-col gap-6">
      <form id={LOGIN_FORM_ID} method="post" data-login={JSON.stringify(config)} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="email" className="text-sm font-medium">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            className="h-10 rounded-md border border-input bg-card px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="password" className="text-sm font-medium">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="h-10 rounded-md border border-input bg-card px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </div>
        <p role="alert" aria-live="polite" className="min-h-5 text-sm text-destructive" />
        <Button type="submit" size="lg">
          <LoaderCircleIcon data-pending className="hidden animate-spin" aria-hidden />
          Sign in
        </Button>
        <noscript>
          <p className="text-sm text-destructive">Signing in needs JavaScript: turn it on for this site and reload the page.</p>
        </noscript>
      </form>

      {demoLogins.length > 0 && config.demoPassword ? (
        <section aria-labelledby="demo-logins" className="rounded-lg border bg-muted/40 p-4">
          <h2 id="demo-logins" className="text-sm font-semibold">
            Demo logins
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            This inbox runs on the sandbox with demo data. Every demo user&rsquo;s password is{" "}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-foreground">{config.demoPassword}</code>.
          </p>
          <ul className="mt-3 flex flex-col gap-1">
            {demoLogins.map((login) => (
              <li key={login.email}>
                <button
                  type="button"
                  data-demo-email={login.email}
                  className="flex w-full items-center justify-between gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  <span className="min-w-0 truncate">
                    <span className="font-medium">{login.name}</span>{" "}
                    <span className="text-muted-foreground">{login.email}</span>
                  </span>
                  <span className="shrink-0 rounded-full border px-2 py-0.5 text-xs text-muted-foreground">{login.role}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
