"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { useState, type ReactNode } from "react";

import { Toaster } from "@/components/ui/toaster";
import { isApiError } from "@/lib/api/errors";
import { TooltipProvider } from "@/components/ui/tooltip";

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser session: created on first render, never shared between server requests.
  const [queryClient] = useState(makeQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

const maxRetries = 2;

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server events keep the cache fresh, so reads need not refetch on every mount.
        staleTime: 30_000,
        // A 4xx will not change on retry (bar timeouts and rate limits); network errors and 5xx may.
        retry: (failureCount, error) => !isPermanentClientError(error) && failureCount < maxRetries,
      },
      mutations: {
        // Writes retry only where they carry an idempotency key, which is the caller's decision.
        retry: false,
      },
    },
  });
}

function isPermanentClientError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
