"use client";

import Link from "next/link";
import type { ReactNode } from "react";

import { PersonAvatar } from "@/components/ui/avatar";
import { cn } from "@/components/ui/cn";
import { BadgeCheckIcon, MessageSquareIcon } from "@/components/ui/icons";
import type { Color, Status, Tag } from "@/lib/api/labels";
import type { Lead } from "@/lib/api/outreach/leads";
import { colorHex, fullTime, listTime, personName } from "@/lib/client/format";
import { stageLabel } from "@/lib/client/outreach/lead-stage";
import { compactCount, customText, type LeadColumn } from "@/lib/client/outreach/leads/columns";

export type LeadLookups = {
  tags: ReadonlyMap<string, Tag>;
  statuses: ReadonlyMap<string, Status>;
  colors: readonly Color[] | undefined;
  /** An amount in the team's currency (one formatter for the whole table). */
  money: (amount: number) => string;
};

const VERIFIED_LABELS: Record<string, string> = { verified: "Verified", business: "Verified business", government: "Government account" };
const STAGE_STYLES: Record<string, string> = {
  pending: "bg-muted text-muted-foreground",
  contacted: "bg-sky-500/15 text-sky-700 dark:text-sky-300",
  replied: "bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
  canceled: "bg-rose-500/15 text-rose-700 dark:text-rose-300",
};

/** One cell of a lead's row, by column. */
export function LeadCell({ lead, column, lookups, threadHref, now }: { lead: Lead; column: LeadColumn; lookups: LeadLookups; threadHref: string | null; now: Date }): ReactNode {
  if (column.kind === "custom") {
    const text = customText(lead.data[column.key], column.column.type);
    return <span className="truncate">{text || <Empty />}</span>;
  }
  switch (column.key) {
    case "prospect":
      return <Prospect lead={lead} threadHref={threadHref} />;
    case "followers":
      return <span className="tabular-nums">{compactCount(lead.prospect.followerCount)}</span>;
    case "stage":
      return (
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", STAGE_STYLES[lead.stage] ?? STAGE_STYLES.pending)}>{stageLabel(lead.stage)}</span>
      );
    case "status": {
      const status = lead.context.statusId ? lookups.statuses.get(lead.context.statusId) : undefined;
      if (!status) return <Empty />;
      return (
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: colorHex(status.color, lookups.colors) }} aria-hidden />
          <span className="truncate">{status.name}</span>
        </span>
      );
    }
    case "tags":
      return <Tags ids={lead.context.tags} lookups={lookups} />;
    case "valuation":
      return lead.context.valuation === null ? <Empty /> : <span className="tabular-nums">{lookups.money(lead.context.valuation)}</span>;
    case "lastContacted":
      return <When iso={lead.lastContactedAt} now={now} />;
    case "lastReplied":
      return <When iso={lead.lastRepliedAt} now={now} />;
    case "added":
      return <When iso={lead.createdAt} now={now} />;
  }
  return null;
}

function Prospect({ lead, threadHref }: { lead: Lead; threadHref: string | null }) {
  const p = lead.prospect;
  const name = personName({ displayName: p.displayName, username: p.username, handle: p.handle, platformId: p.platformId });
  const verified = VERIFIED_LABELS[p.verified];
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <PersonAvatar name={name} src={p.imageNormalized ?? p.image} className="size-8 shrink-0" />
      <span className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-center gap-1">
          {threadHref ? (
            // The row opens the conversation from the keyboard (Enter); the link is for the pointer and new tabs.
            <Link href={threadHref} tabIndex={-1} className="truncate font-medium hover:underline">
              {name}
            </Link>
          ) : (
            <span className="truncate font-medium">{name}</span>
          )}
          {verified ? (
            <BadgeCheckIcon className={cn("size-3.5 shrink-0", p.verified === "verified" ? "text-sky-500" : "text-amber-500")} role="img" aria-label={verified}>
              <title>{verified}</title>
            </BadgeCheckIcon>
          ) : null}
          {threadHref ? <MessageSquareIcon className="size-3.5 shrink-0 text-muted-foreground" role="img" aria-label="Has a conversation" /> : null}
        </span>
        <span className="truncate text-xs text-muted-foreground">{p.username ? `@${p.username}` : p.handle ?? p.platformId}</span>
      </span>
    </span>
  );
}

function Tags({ ids, lookups }: { ids: readonly string[]; lookups: LeadLookups }) {
  const tags = ids.map((id) => lookups.tags.get(id)).filter((t): t is Tag => t !== undefined);
  if (tags.length === 0) return <Empty />;
  return (
    <span className="flex min-w-0 items-center gap-1 overflow-hidden">
      {tags.slice(0, 2).map((tag) => (
        <span key={tag.id} className="inline-flex max-w-24 shrink-0 items-center gap-1 rounded-full border px-1.5 py-px text-xs text-muted-foreground">
          <span className="size-1.5 shrink-0 rounded-full" style={{ backgroundColor: colorHex(tag.color, lookups.colors) }} aria-hidden />
          <span className="truncate">{tag.name}</span>
        </span>
      ))}
      {tags.length > 2 ? <span className="shrink-0 text-xs text-muted-foreground">+{tags.length - 2}</span> : null}
    </span>
  );
}

function When({ iso, now }: { iso: string | null; now: Date }) {
  if (!iso) return <Empty />;
  return (
    <time dateTime={iso} title={fullTime(iso)} className="tabular-nums">
      {listTime(iso, now)}
    </time>
  );
}

function Empty() {
  return (
    <>
      <span className="text-muted-foreground" aria-hidden>
        —
      </span>
      <span className="sr-only">None</span>
    </>
  );
}
