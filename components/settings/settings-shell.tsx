"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

import { cn } from "@/components/ui/cn";
import { ArrowLeftIcon, BellIcon, BlocksIcon, BookmarkIcon, Building2Icon, GaugeIcon, HistoryIcon, Link2Icon, LockIcon, SendIcon, SplitIcon, TagsIcon, UsersIcon, WorkflowIcon } from "@/components/ui/icons";
import { useEventAlerts } from "@/lib/client/hooks/use-event-alerts";
import { useInboxEvents } from "@/lib/client/hooks/use-inbox-events";
import { hasRole, ViewerProvider, type ClientViewer } from "@/lib/client/viewer";
import { TooltipProvider } from "@/components/ui/tooltip";

/** The settings pages, in the order the navigation lists them. */
export const SETTINGS_PAGES = [
  { href: "/settings/team", label: "Team", Icon: Building2Icon },
  { href: "/settings/labels", label: "Tags and statuses", Icon: TagsIcon },
  { href: "/settings/saved-replies", label: "Saved replies", Icon: BookmarkIcon },
  { href: "/settings/accounts", label: "Account links", Icon: Link2Icon },
  { href: "/settings/platforms", label: "Platforms", Icon: BlocksIcon },
  { href: "/settings/users", label: "Users", Icon: UsersIcon },
  { href: "/settings/notifications", label: "Notifications", Icon: BellIcon },
  { href: "/settings/sending", label: "Sending", Icon: SendIcon },
  { href: "/settings/workload", label: "Workload", Icon: GaugeIcon, managersOnly: true },
  { href: "/settings/routing", label: "Routing", Icon: SplitIcon, managersOnly: true },
  { href: "/settings/rules", label: "Rules", Icon: WorkflowIcon, managersOnly: true },
  { href: "/settings/activity", label: "Activity log", Icon: HistoryIcon, managersOnly: true },
] as const;

/** The settings area: its own navigation beside the page, and the way back to the inbox. */
export function SettingsShell({ viewer, children }: { viewer: ClientViewer; children: ReactNode }) {
  const pathname = usePathname();
  return (
    <ViewerProvider viewer={viewer}>
      <TooltipProvider>
        <LiveUpdates />
        <div className="flex min-h-dvh flex-col md:flex-row">
          <nav aria-label="Settings" className="shrink-0 border-b bg-muted/40 p-3 md:w-60 md:border-r md:border-b-0">
            <Link href="/" className="mb-3 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50">
              <ArrowLeftIcon className="size-4" aria-hidden />
              Back to the inbox
            </Link>
            <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Settings</p>
            <ul className="flex flex-wrap gap-0.5 md:flex-col">
              {SETTINGS_PAGES.filter((page) => !("managersOnly" in page) || hasRole(viewer, "manager")).map(({ href, label, Icon }) => {
                const active = pathname === href;
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/50",
                        active ? "bg-accent font-medium text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                      )}
                    >
                      <Icon className="size-4" aria-hidden />
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <main className="min-w-0 flex-1 px-4 py-6 md:px-10 md:py-8">
            <div className="mx-auto max-w-4xl">{children}</div>
          </main>
        </div>
      </TooltipProvider>
    </ViewerProvider>
  );
}

const SETTINGS_ALERTS = ["messages"] as const;

/** Another member's changes (a new tag, an account going offline) show here as they happen, and new messages still notify. */
function LiveUpdates() {
  useInboxEvents();
  useEventAlerts(SETTINGS_ALERTS);
  return null;
}

/** A settings page's heading and what it is for. */
export function SettingsHeader({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </header>
  );
}

/** Why the viewer's role may read a page but not change it, above its content. */
export function LockedNote({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="mb-6 flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm text-muted-foreground">
      <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
