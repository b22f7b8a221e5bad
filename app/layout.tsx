import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { preload } from "react-dom";

import { Providers } from "@/app/providers";
import { SITE_DESCRIPTION, SITE_NAME, THEME_COLORS, TITLE_TEMPLATE } from "@/components/site";
import { ICON_SPRITE_PRELOAD, ICON_SPRITE_URL } from "@/components/ui/icons";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: SITE_NAME, template: TITLE_TEMPLATE },
  description: SITE_DESCRIPTION,
};

export const viewport: Viewport = { themeColor: THEME_COLORS };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The CSP nonce of this request (set by the root proxy.ts), for next-themes' inline script.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // The icons' sprite, asked for with the stylesheet: otherwise only once the first icon is laid
  // out, and the first paint came with empty icons for a round trip.
  preload(ICON_SPRITE_URL, ICON_SPRITE_PRELOAD);
  return (
    // next-themes sets the theme class on <html> before hydration, so its attributes differ from the server's.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
