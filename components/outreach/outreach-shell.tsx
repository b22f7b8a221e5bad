"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

import { ConnectionBanner } from "@/components/inbox/connection-banner";
import { ThemeToggle } from "@/components/theme-toggle";
import { cn } from "@/components/ui/cn";
import { ArrowLeftIcon, MegaphoneIcon } from "@/components/ui/icons";
import { useInboxEvents } from "@/lib/client/hooks/use-inbox-events";
import { ViewerProvider, type ClientViewer } from "@/lib/client/viewer";
import { TooltipProvider } from "@/components/ui/tooltip";

/**
 * The outreach pages' frame (campaigns, lists and their leads and imports): back to the inbox,
 * the two sections as tabs, and the live event stream that keeps every page current.
 */
const SECTIONS = [
  { href: "/outreach/campaigns", label: "Campaigns" },
  { href: "/outreach/lists", label: "Lists" },
] as const;

export function OutreachShell({ viewer, children }: { viewer: ClientViewer; children: ReactNode }) {
  return (
    <ViewerProvider viewer={viewer}>
      <TooltipProvider>
        <Frame>{children}</Frame>
      </TooltipProvider>
    </ViewerProvider>
  );
}

function Frame({ children }: { children: ReactNode }) {
  useInboxEvents();
  // Null only under the Pages Router (its one page, pages/login.tsx, draws none of this).
  const pathname = usePathname() ?? "";
  return (
    <div className="flex h-dvh flex-col">
      <ConnectionBanner />
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-4 py-3 md:px-6">
        <Link href="/" className="inline-flex items-center gap-1.5 rounded-md px-1 py-1 text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50">
          <ArrowLeftIcon className="size-4" aria-hidden />
          Inbox
        </Link>
        <div className="flex items-center gap-2">
          <MegaphoneIcon className="size-5 text-muted-foreground" aria-hidden />
          <p className="text-lg font-semibold tracking-tight">Outreach</p>
        </div>
        <nav aria-label="Outreach" className="flex items-center gap-1">
          {SECTIONS.map((section) => {
            const current = pathname === section.href || pathname.startsWith(`${section.href}/`);
            return (
              <Link
                key={section.href}
                href={section.href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "rounded-md px-2.5 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring/50",
                  current ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {section.label}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
        </div>
      </header>
      <main className="flex min-h-0 flex-1 flex-col">{children}</main>
    </div>
  );
}
