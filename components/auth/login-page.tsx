import Head from "next/head";

import { LoginForm } from "@/components/auth/login-form";
import { SITE_DESCRIPTION, THEME_COLORS, TITLE_TEMPLATE } from "@/components/site";
import { ICON_SPRITE_PRELOAD, ICON_SPRITE_URL, InboxIcon } from "@/components/ui/icons";
import { LOGIN_SCRIPT } from "@/lib/client/login-script";
import type { LoginPageProps } from "@/lib/login-page";

/** The login page, drawn on the server with one inline script and no other JavaScript (lib/login-page). */
export function LoginPage({ next, demoLogins, demoPassword, layout, nonce }: LoginPageProps) {
  return (
    <>
      <Head>
        <title>{TITLE_TEMPLATE.replace("%s", "Sign in")}</title>
        <meta name="description" content={SITE_DESCRIPTION} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {THEME_COLORS.map(({ media, color }) => (
          <meta key={media} name="theme-color" media={media} content={color} />
        ))}
        <link rel="icon" href="/icon.svg" type="image/svg+xml" sizes="any" />
        {/* With the stylesheet, as the App Router's layout does: icons drawn on the first paint. */}
        <link rel="preload" href={ICON_SPRITE_URL} {...ICON_SPRITE_PRELOAD} />
      </Head>
      <main className="flex min-h-dvh items-center justify-center px-4 py-10">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-3">
            <span className="grid size-10 place-items-center rounded-lg bg-primary text-primary-foreground">
              <InboxIcon className="size-5" aria-hidden />
            </span>
            <h1 className="text-2xl font-semibold tracking-tight">Sign in to Team Inbox</h1>
          </div>
          <LoginForm config={{ next, demoPassword, layout }} demoLogins={demoLogins} />
        </div>
      </main>
      <script nonce={nonce ?? undefined} dangerouslySetInnerHTML={{ __html: LOGIN_SCRIPT }} />
    </>
  );
}
