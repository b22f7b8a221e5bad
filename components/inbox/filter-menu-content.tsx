"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";

import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { LaterMenuProps } from "@/components/ui/later-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useCampaignNames } from "@/lib/client/hooks/use-filter-names";
import { useInboxLinkPrefetch } from "@/lib/client/list/inbox-link";
import { inboxHref } from "@/lib/client/list/inbox-url";
import { teamQueries } from "@/lib/client/queries/team";

import type { FilterChange, FilterMenuProps, ListKey } from "./filter-menu";

/**
 * Every filter of GET /threads in one menu: account, platform, tag, status, assignee,
 * unassigned, campaign, and the order. Lists combine (any of their values); filters AND.
 * ./filter-menu draws its trigger until this code is here.
 */
export function FilterMenuContent({ params, campaignIds, onChange, trigger, defaultOpen }: FilterMenuProps & LaterMenuProps) {
  const links = useQuery(teamQueries.accountLinks());
  const platforms = useQuery(teamQueries.platforms());
  const tags = useQuery(teamQueries.tags());
  const statuses = useQuery(teamQueries.statuses());
  const members = useQuery(teamQueries.members());

  const toggled = (key: ListKey, value: string): FilterChange => {
    const current = params[key] ?? [];
    return { [key]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value] };
  };
  const toggle = (key: ListKey, value: string) => onChange(toggled(key, value));
  // An option under the pointer or the keyboard's highlight reads its list ahead, as the sidebar's links do.
  const readAheadLink = useInboxLinkPrefetch();
  const readAhead = (change: FilterChange) => readAheadLink(`/${inboxHref({ ...params, ...change })}`);
  const items = (key: ListKey, options: { value: string; label: string }[] | undefined) =>
    options?.length ? (
      options.map((option) => (
        <DropdownMenuCheckboxItem
          key={option.value}
          checked={(params[key] ?? []).includes(option.value)}
          onSelect={(e) => e.preventDefault()}
          onFocus={() => readAhead(toggled(key, option.value))}
          onCheckedChange={() => toggle(key, option.value)}
        >
          {option.label}
        </DropdownMenuCheckboxItem>
      ))
    ) : (
      <DropdownMenuItem disabled>None yet</DropdownMenuItem>
    );
  const list = (key: ListKey, options: { value: string; label: string }[] | ReactNode | undefined, title: string) => (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>{title}</DropdownMenuSubTrigger>
      <DropdownMenuSubContent className="max-h-80 overflow-y-auto">{Array.isArray(options) || options === undefined ? items(key, options) : options}</DropdownMenuSubContent>
    </DropdownMenuSub>
  );

  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its focusable
    // controls stay focusable (axe's aria-hidden-focus); focus still moves into the menu and back.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>Filter</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Filter by</DropdownMenuLabel>
        {list("accountLinkId", links.data?.map((l) => ({ value: l.id, label: l.displayName })), "Account")}
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>Platform</DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            {platforms.data?.map((p) => (
              <DropdownMenuCheckboxItem
                key={p.platform}
                checked={params.platform === p.platform}
                onFocus={() => readAhead({ platform: params.platform === p.platform ? null : p.platform })}
                onCheckedChange={(checked) => onChange({ platform: checked ? p.platform : null })}
              >
                {p.name}
              </DropdownMenuCheckboxItem>
            ))}
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        {list("tag", tags.data?.map((t) => ({ value: t.id, label: t.name })), "Tag")}
        {list("status", statuses.data?.map((s) => ({ value: s.id, label: s.name })), "Status")}
        {list("assigneeId", members.data?.map((m) => ({ value: m.id, label: m.name })), "Assignee")}
        {list("campaignId", campaignIds.length ? <CampaignOptions ids={campaignIds} render={(options) => items("campaignId", options)} /> : undefined, "Campaign")}
        <DropdownMenuCheckboxItem
          checked={params.unassigned === true}
          onFocus={() => readAhead({ unassigned: params.unassigned === true ? null : true })}
          onCheckedChange={(checked) => onChange({ unassigned: checked ? true : null })}
        >
          Unassigned only
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem
          checked={params.order === "oldest"}
          onFocus={() => readAhead({ order: params.order === "oldest" ? null : "oldest" })}
          onCheckedChange={(checked) => onChange({ order: checked ? "oldest" : null })}
        >
          Oldest first
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The campaigns in view by name, read when their submenu opens (its content mounts then). */
function CampaignOptions({ ids, render }: { ids: string[]; render: (options: { value: string; label: string }[]) => ReactNode }) {
  const name = useCampaignNames(true);
  return render(ids.map((id) => ({ value: id, label: name(id) })));
}

