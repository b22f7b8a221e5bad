"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { useState, type ReactNode } from "react";

import { Toaster } from "@/components/ui/toaster";
import { useRememberTimeZone } from "@/lib/client/inbox-layout";
import { makeQueryClient } from "@/lib/client/query-client";

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // One client per browser session: created on first render, never shared between server requests.
  const [queryClient] = useState(makeQueryClient);
  // Before the inbox is first drawn (the login page runs this too), so the server writes its times in our zone.
  useRememberTimeZone();

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
