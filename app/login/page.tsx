import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";

import { LoginForm } from "@/components/auth/login-form";
import { InboxIcon } from "@/components/ui/icons";
import { safeReturnPath } from "@/lib/api/return-path";
import { DEMO_PASSWORD, runtime } from "@/lib/server/runtime/runtime";
import { headersOrigin } from "@/lib/server/http/origin";
import { viewerFrom } from "@/lib/server/http/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const rt = await runtime();
  const requestHeaders = await headers();
  const next = safeReturnPath((await searchParams).next, rt.config.publicUrl ?? headersOrigin(requestHeaders));
  if (await viewerFrom(requestHeaders, rt)) redirect(next);
  // Demo logins are listed only on the sandbox: a real deployment never shows who can sign in.
  const demoLogins =
    rt.config.mode === "demo" ? (await rt.users.list()).map(({ email, name, role }) => ({ email, name, role })) : [];

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-lg bg-primary text-primary-foreground">
            <InboxIcon className="size-5" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Sign in to Team Inbox</h1>
        </div>
        <LoginForm next={next} demoLogins={demoLogins} demoPassword={rt.config.mode === "demo" ? DEMO_PASSWORD : null} />
      </div>
    </main>
  );
}
