import type { AppProps } from "next/app";
import { ThemeProvider } from "next-themes";

import { THEME_SETTINGS } from "@/components/site";

import "@/app/globals.css";

/**
 * The Pages Router's shell, for its one page (pages/login.tsx, lib/login-page): the inbox's
 * stylesheet, and next-themes' inline script so the page takes the theme a person picked.
 */
export default function App({ Component, pageProps }: AppProps<{ nonce?: string | null }>) {
  return (
    <ThemeProvider {...THEME_SETTINGS} nonce={pageProps.nonce ?? undefined}>
      <Component {...pageProps} />
    </ThemeProvider>
  );
}
