"use client";

import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ChevronDownIcon, XIcon } from "@/components/ui/icons";
import type { PipelineParams } from "@/lib/client/pipeline/pipeline-url";

export type FilterOption = { value: string; label: string };
type ListKey = "assigneeId" | "tag" | "accountLinkId";

/** The board's filters: assignee (or unassigned), tag and account. Kinds narrow; values within a kind widen. */
export function PipelineFilters({
  params,
  options,
  onChange,
}: {
  params: PipelineParams;
  options: Record<ListKey, FilterOption[] | undefined>;
  onChange: (change: Partial<{ [K in keyof PipelineParams]: PipelineParams[K] | null }>) => void;
}) {
  const toggle = (key: ListKey, value: string) => {
    const current = params[key] ?? [];
    const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
    onChange({ [key]: next.length ? next : null });
  };
  const chosen = (key: ListKey) => params[key]?.length ?? 0;
  const assigneeCount = chosen("assigneeId") + (params.unassigned ? 1 : 0);
  const any = assigneeCount + chosen("tag") + chosen("accountLinkId") > 0;

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
      <FilterMenu title="Assignee" count={assigneeCount}>
        <DropdownMenuCheckboxItem checked={params.unassigned ?? false} onSelect={(e) => e.preventDefault()} onCheckedChange={(on) => onChange({ unassigned: on ? true : null })}>
          Unassigned
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <Options options={options.assigneeId} selected={params.assigneeId} onToggle={(v) => toggle("assigneeId", v)} />
      </FilterMenu>
      <FilterMenu title="Tag" count={chosen("tag")}>
        <Options options={options.tag} selected={params.tag} onToggle={(v) => toggle("tag", v)} />
      </FilterMenu>
      <FilterMenu title="Account" count={chosen("accountLinkId")}>
        <Options options={options.accountLinkId} selected={params.accountLinkId} onToggle={(v) => toggle("accountLinkId", v)} />
      </FilterMenu>
      {any ? (
        <Button variant="ghost" size="sm" onClick={() => onChange({ assigneeId: null, unassigned: null, tag: null, accountLinkId: null })}>
          <XIcon aria-hidden />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function FilterMenu({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={count ? `${title}: ${count} chosen` : title}>
          {title}
          {count ? <span className="rounded-full bg-primary px-1.5 text-[0.6875rem] text-primary-foreground tabular-nums">{count}</span> : null}
          <ChevronDownIcon className="text-muted-foreground" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 w-56 overflow-y-auto">
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Options({ options, selected, onToggle }: { options: FilterOption[] | undefined; selected: string[] | null; onToggle: (value: string) => void }) {
  if (!options) return <DropdownMenuItem disabled>Loading…</DropdownMenuItem>;
  if (!options.length) return <DropdownMenuItem disabled>None yet</DropdownMenuItem>;
  return options.map((option) => (
    <DropdownMenuCheckboxItem key={option.value} checked={(selected ?? []).includes(option.value)} onSelect={(e) => e.preventDefault()} onCheckedChange={() => onToggle(option.value)}>
      {option.label}
    </DropdownMenuCheckboxItem>
  ));
}
