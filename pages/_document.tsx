import { Head, Html, Main, NextScript, type DocumentProps } from "next/document";

/**
 * The Pages Router's document, as app/layout.tsx draws the App Router's. A production build
 * sends its page no script of Next's (pages/login.tsx); the development server still does, for
 * its reloading, and they carry the request's CSP nonce as the App Router's do.
 */
export default function Document({ __NEXT_DATA__ }: DocumentProps) {
  const nonce = (__NEXT_DATA__.props as { pageProps?: { nonce?: string | null } } | undefined)?.pageProps?.nonce ?? undefined;
  return (
    <Html lang="en" suppressHydrationWarning>
      <Head nonce={nonce} />
      <body className="min-h-dvh">
        <Main />
        <NextScript nonce={nonce} />
      </body>
    </Html>
  );
}
