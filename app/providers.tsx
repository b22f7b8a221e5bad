"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { useState, type ReactNode } from "react";

import { THEME_SETTINGS } from "@/components/site";
import { Toaster } from "@/components/ui/toaster";
import { useRememberTimeZone } from "@/lib/client/inbox-layout";
import { makeQueryClient } from "@/lib/client/query-client";

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // One client per browser session: created on first render, never shared between server requests.
  const [queryClient] = useState(makeQueryClient);
  // Before the inbox is first drawn (the login page's script does it too, lib/client/login-script), so the server writes its times in our zone.
  useRememberTimeZone();

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider {...THEME_SETTINGS} nonce={nonce}>
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
