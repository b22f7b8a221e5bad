"use client";

import { useQuery } from "@tanstack/react-query";
import { memo, useId, type MouseEvent } from "react";

import { cn } from "@/components/ui/cn";
import {
  AlarmClockIcon,
  AtSignIcon,
  ArchiveIcon,
  ClockIcon,
  InboxIcon,
  ListIcon,
  MegaphoneIcon,
  SquareKanbanIcon,
  SettingsIcon,
  LayersIcon,
  MailQuestionIcon,
  UserCheckIcon,
  UserXIcon,
  type IconComponent,
} from "@/components/ui/icons";
import { LiveFieldset } from "@/components/ui/live-fieldset";
import { Skeleton } from "@/components/ui/skeleton";
import { Hint } from "@/components/ui/hint";
import type { Folder } from "@/lib/api/threads";
import { colorHex } from "@/lib/client/format";
import { useInboxLinkClick, useInboxLinkPrefetch, type SetInboxParams } from "@/lib/client/list/inbox-link";
import { inboxHref, type InboxParams } from "@/lib/client/list/inbox-url";
import type { NavEntry } from "@/lib/client/list/view-title";
import { commentQueries } from "@/lib/client/queries/comments";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { teamQueries } from "@/lib/client/queries/team";
import { shortcut, type ShortcutId } from "@/lib/client/shortcuts";
import { useViewer } from "@/lib/client/viewer";

import { AccountStatusDot } from "./account-status";
import { QuotaMeter } from "./quota-meter";
import { UserMenu } from "./user-menu";

// The hint is the shortcuts table's own, so the sidebar cannot advertise a key that does something else.
const keysOf = (id: ShortcutId) => shortcut(id).display.join(" ");

export const FOLDER_LABELS: Record<Folder, { label: string; Icon: IconComponent; key: string | null }> = {
  inbox: { label: "Inbox", Icon: InboxIcon, key: keysOf("goInbox") },
  noReply: { label: "No reply", Icon: ClockIcon, key: keysOf("goNoReply") },
  requests: { label: "Requests", Icon: MailQuestionIcon, key: keysOf("goRequests") },
  archived: { label: "Archived", Icon: ArchiveIcon, key: keysOf("goArchived") },
  all: { label: "All", Icon: LayersIcon, key: null },
};

/**
 * The left navigation: folders with unread counts, the two queues (mine, unassigned), the
 * team's accounts with their status, and tags and statuses as filters. Every entry is a link
 * to a URL, so views can be opened in a new tab and shared.
 */
// Memoized: the inbox draws again on every thread opened, the navigation only when the view changes.
// `active` is the entry to mark (navEntryOf): always somewhere, a filtered view marks the folder it narrows.
export const NavSidebar = memo(function NavSidebar({ active, setParams, onNavigate }: { active: NavEntry; setParams: SetInboxParams; onNavigate?: () => void }) {
  const viewer = useViewer();
  const counts = useQuery(inboxQueries.counts());
  const mentions = useQuery(commentQueries.mentions());
  const links = useQuery(teamQueries.accountLinks());
  const tags = useQuery(teamQueries.tags());
  const statuses = useQuery(teamQueries.statuses());
  const colors = useQuery(teamQueries.colors());
  const platforms = useQuery(teamQueries.platforms());

  const handlers: LinkHandlers = { onClick: useInboxLinkClick(setParams), onReadAhead: useInboxLinkPrefetch(), onNavigate };
  const href = (next: Partial<InboxParams>) => `/${inboxHref({ folder: "inbox", ...next })}`;

  return (
    <nav aria-label="Inbox" className="flex h-full min-h-0 flex-col bg-muted/40">
      <div className="flex h-12 shrink-0 items-center gap-2 px-4">
        <span className="grid size-7 place-items-center rounded-md bg-primary text-primary-foreground">
          <InboxIcon className="size-4" aria-hidden />
        </span>
        <span className="flex-1 truncate text-sm font-semibold">Team Inbox</span>
        <Hint label="Settings">
          <a
            href="/settings"
            aria-label="Settings"
            onPointerEnter={() => handlers.onReadAhead("/settings")}
            onFocus={() => handlers.onReadAhead("/settings")}
            onClick={(event) => {
              handlers.onClick(event);
              onNavigate?.();
            }}
            className="grid size-7 place-items-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50"
          >
            <SettingsIcon className="size-4" aria-hidden />
          </a>
        </Hint>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        <ul className="flex flex-col gap-0.5">
          {(Object.keys(FOLDER_LABELS) as Folder[]).map((folder) => {
            const { label, Icon } = FOLDER_LABELS[folder];
            return (
              <NavItem
                key={folder}
                href={href({ folder })}
                active={active === `folder:${folder}`}
                Icon={Icon}
                label={label}
                count={counts.data?.folders[folder].unread}
                handlers={handlers}
              />
            );
          })}
          <NavItem href={`/${inboxHref({ view: "snoozed" })}`} active={active === "snoozed"} Icon={AlarmClockIcon} label="Snoozed" handlers={handlers} />
          <NavItem href={`/${inboxHref({ view: "mentions" })}`} active={active === "mentions"} Icon={AtSignIcon} label="Mentions" count={mentions.data?.unread} handlers={handlers} />
        </ul>

        <Section title="Queues">
          {viewer.memberId ? (
            <NavItem
              href={href({ assigneeId: [viewer.memberId] })}
              active={active === "mine"}
              Icon={UserCheckIcon}
              label="Assigned to me"
              count={counts.data?.mine.unread}
              handlers={handlers}
            />
          ) : null}
          <NavItem
            href={href({ unassigned: true })}
            active={active === "unassigned"}
            Icon={UserXIcon}
            label="Unassigned"
            count={counts.data?.unassigned.unread}
            handlers={handlers}
          />
          <NavItem href="/pipeline" active={false} Icon={SquareKanbanIcon} label="Pipeline" handlers={handlers} />
        </Section>

        <Section title="Outreach">
          <NavItem href="/outreach/campaigns" active={false} Icon={MegaphoneIcon} label="Campaigns" handlers={handlers} />
          <NavItem href="/outreach/lists" active={false} Icon={ListIcon} label="Lead lists" handlers={handlers} />
        </Section>

        <Section title="Accounts">
          {links.isPending ? <NavSkeleton /> : null}
          {links.data?.map((link) => (
            <NavItem
              key={link.id}
              href={href({ folder: "all", accountLinkId: [link.id] })}
              active={active === `account:${link.id}`}
              icon={<AccountStatusDot status={link.status} />}
              label={link.displayName}
              hint={platforms.data?.find((p) => p.platform === link.platform)?.name ?? link.platform}
              handlers={handlers}
            />
          ))}
        </Section>

        <Section title="Statuses">
          {statuses.isPending ? <NavSkeleton /> : null}
          {statuses.data?.map((status) => (
            <NavItem
              key={status.id}
              href={href({ folder: "all", status: [status.id] })}
              active={active === `status:${status.id}`}
              icon={<Swatch color={colorHex(status.color, colors.data)} />}
              label={status.name}
              handlers={handlers}
            />
          ))}
        </Section>

        <Section title="Tags">
          {tags.isPending ? <NavSkeleton /> : null}
          {tags.data?.map((tag) => (
            <NavItem
              key={tag.id}
              href={href({ folder: "all", tag: [tag.id] })}
              active={active === `tag:${tag.id}`}
              icon={<Swatch color={colorHex(tag.color, colors.data)} round />}
              label={tag.name}
              handlers={handlers}
            />
          ))}
        </Section>
      </div>
      <LiveFieldset>
        <QuotaMeter />
        <UserMenu />
      </LiveFieldset>
    </nav>
  );
});

/** What every entry does on a click and on a pointer or focus arriving (the shell's, passed down once). */
type LinkHandlers = { onClick: (event: MouseEvent<HTMLAnchorElement>) => void; onReadAhead: (href: string) => void; onNavigate?: () => void };

function NavItem({
  href,
  active,
  Icon,
  icon,
  label,
  hint,
  count,
  handlers,
}: {
  href: string;
  active: boolean;
  Icon?: IconComponent;
  icon?: React.ReactNode;
  label: string;
  hint?: string;
  count?: number;
  handlers: LinkHandlers;
}) {
  return (
    <li>
      {/* A plain anchor, its clicks routed by useInboxLinkClick, read ahead on intent (useInboxLinkPrefetch). */}
      <a
        href={href}
        onPointerEnter={() => handlers.onReadAhead(href)}
        onFocus={() => handlers.onReadAhead(href)}
        onClick={(event) => {
          handlers.onClick(event);
          handlers.onNavigate?.();
        }}
        aria-current={active ? "page" : undefined}
        className={cn(
          "flex h-8 items-center gap-2 rounded-md px-2 text-sm text-foreground/80 outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
          active && "bg-accent font-medium text-accent-foreground",
        )}
      >
        <span className="grid size-4 shrink-0 place-items-center" aria-hidden>
          {Icon ? <Icon className="size-4" /> : icon}
        </span>
        <span className="min-w-0 flex-1 truncate">
          {label}
          {hint ? <span className="ml-1.5 text-xs text-muted-foreground">{hint}</span> : null}
        </span>
        {count ? (
          <span className="text-xs font-medium text-muted-foreground tabular-nums" aria-label={`${count} unread`}>
            {count}
          </span>
        ) : null}
      </a>
    </li>
  );
}

/**
 * A group of entries under its heading. Not a landmark of its own (the navigation is one):
 * a "Tags" region here would be a second beside the contact panel's.
 */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <div className="mt-4" role="group" aria-labelledby={id}>
      <h2 id={id} className="px-2 pb-1 text-xs font-medium text-muted-foreground">
        {title}
      </h2>
      <ul className="flex flex-col gap-0.5">{children}</ul>
    </div>
  );
}

function Swatch({ color, round = false }: { color: string; round?: boolean }) {
  return <span className={cn("size-2.5", round ? "rounded-full" : "rounded-[3px]")} style={{ backgroundColor: color }} />;
}

function NavSkeleton() {
  return (
    <li className="flex flex-col gap-1.5 px-2 py-1">
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </li>
  );
}
