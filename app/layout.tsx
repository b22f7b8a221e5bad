import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { preload } from "react-dom";

import { Providers } from "@/app/providers";
import { ICON_SPRITE_URL } from "@/components/ui/icons";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Team Inbox", template: "%s · Team Inbox" },
  description: "The browser inbox in which a team triages its direct-message conversations across messaging platforms.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f8f9fb" },
    { media: "(prefers-color-scheme: dark)", color: "#0d0e11" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The CSP nonce of this request (set by the root proxy.ts), for next-themes' inline script.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // The icons' sprite, asked for with the stylesheet: otherwise only once the first icon is laid
  // out, and the first paint came with empty icons for a round trip.
  preload(ICON_SPRITE_URL, { as: "image", type: "image/svg+xml", fetchPriority: "high" });
  return (
    // next-themes sets the theme class on <html> before hydration, so its attributes differ from the server's.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
