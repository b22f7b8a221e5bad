"use client";

import { useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { LoaderCircleIcon } from "@/components/ui/icons";
import { safeReturnPath } from "@/lib/api/return-path";
import { signInErrorSentence, signInWithEmail } from "@/lib/client/auth";

export type DemoLogin = { email: string; name: string; role: string };

/** Email and password; on success, on to `next` (a path of ours only). */
export function LoginForm({ next, demoLogins, demoPassword }: { next: string; demoLogins: DemoLogin[]; demoPassword: string | null }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const result = await signInWithEmail(email.trim(), password);
    if (!result.ok) {
      setPending(false);
      setError(signInErrorSentence(result.status, result.retryAfterSeconds));
      return;
    }
    // The page already checked `next`; the same rule again here, against where this page really is.
    // A whole page load, not a client navigation: the inbox comes as the server's HTML, rows
    // included, and paints while its scripts still load (a cold browser has none of them yet).
    window.location.replace(safeReturnPath(next, window.location.origin));
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
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
            value={email}
            onChange={(e) => setEmail(e.target.value)}
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
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="h-10 rounded-md border border-input bg-card px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </div>
        <p role="alert" aria-live="polite" className="min-h-5 text-sm text-destructive">
          {error}
        </p>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
          Sign in
        </Button>
      </form>

      {demoLogins.length > 0 && demoPassword ? (
        <section aria-labelledby="demo-logins" className="rounded-lg border bg-muted/40 p-4">
          <h2 id="demo-logins" className="text-sm font-semibold">
            Demo logins
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            This inbox runs on the sandbox with demo data. Every demo user&rsquo;s password is{" "}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-foreground">{demoPassword}</code>.
          </p>
          <ul className="mt-3 flex flex-col gap-1">
            {demoLogins.map((login) => (
              <li key={login.email}>
                <button
                  type="button"
                  className="flex w-full items-center justify-between gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  onClick={() => {
                    setEmail(login.email);
                    setPassword(demoPassword);
                    setError(null);
                  }}
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
