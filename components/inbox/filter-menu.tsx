"use client";

import { Button } from "@/components/ui/button";
import { ListFilterIcon, XIcon } from "@/components/ui/icons";
import { later } from "@/components/ui/later";
import { LaterMenu } from "@/components/ui/later-menu";
import { useFilterNames } from "@/lib/client/hooks/use-filter-names";
import type { InboxParams, InboxParamsChange } from "@/lib/client/list/inbox-url";
import { filterLabels } from "@/lib/client/list/view-title";

export type ListKey = "accountLinkId" | "tag" | "status" | "assigneeId" | "campaignId";

export type FilterChange = Pick<InboxParamsChange, ListKey | "platform" | "unassigned" | "q" | "order">;

export type FilterMenuProps = { params: InboxParams; campaignIds: string[]; onChange: (change: FilterChange) => void };

const filterMenu = later(() => import("./filter-menu-content").then((m) => m.FilterMenuContent));

/**
 * Every filter of GET /threads in one menu (./filter-menu-content), its code fetched when the
 * page is first used (components/ui/later-menu).
 */
export function FilterMenu(props: FilterMenuProps) {
  return (
    <LaterMenu
      menu={filterMenu}
      props={props}
      trigger={
        <Button variant="ghost" size="icon" className="size-8" aria-label="Filter conversations">
          <ListFilterIcon aria-hidden />
        </Button>
      }
    />
  );
}

/** The active filters as removable chips, so the view always says what it shows. */
export function FilterChips({ params, onChange }: { params: InboxParams; onChange: (change: FilterChange) => void }) {
  const chips = filterLabels(params, useFilterNames());
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-1.5 border-b px-3 py-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => onChange(chip.remove)}
            className="inline-flex h-6 items-center gap-1 rounded-full border bg-card px-2 text-xs hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            aria-label={`Remove filter ${chip.label}`}
          >
            {chip.label}
            <XIcon className="size-3" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
