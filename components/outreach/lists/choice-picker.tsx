"use client";

import { useQuery } from "@tanstack/react-query";

import { ChevronDownIcon } from "@/components/ui/icons";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { inputClassName } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";
import type { LeadQueryField } from "@/lib/api/outreach/leads";
import { SET_CHOICES } from "@/lib/client/outreach/leads/filter-fields";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { teamQueries } from "@/lib/client/queries/team";

export type Choice = { id: string; name: string };

const SET_LABELS: Record<string, string> = {
  none: "Not verified",
  verified: "Verified",
  business: "Business",
  government: "Government",
  personal: "Personal",
  creator: "Creator",
  active: "Active",
  private: "Private",
  suspended: "Suspended",
  deleted: "Deleted",
};

/** The choices of a `set` or `ids` field: fixed values, or the team's tags, statuses, campaigns, members and lists by name. */
export function useChoices(field: LeadQueryField): { choices: Choice[]; loading: boolean } {
  const tags = useQuery({ ...teamQueries.tags(), enabled: field === "tags" });
  const statuses = useQuery({ ...teamQueries.statuses(), enabled: field === "status" });
  const members = useQuery({ ...teamQueries.members(), enabled: field === "assignee" });
  const campaigns = useQuery({ ...outreachQueries.campaigns(), enabled: field === "campaigns" });
  const lists = useQuery({ ...outreachQueries.lists(), enabled: field === "lists" });
  const fixed = SET_CHOICES[field];
  if (fixed) return { choices: fixed.map((id) => ({ id, name: SET_LABELS[id] ?? id })), loading: false };
  const source = { tags, status: statuses, assignee: members, campaigns, lists }[field as "tags"];
  if (!source) return { choices: [], loading: false };
  return { choices: (source.data ?? []).map((item: Choice) => ({ id: item.id, name: item.name })), loading: source.isPending };
}

/** Several values of a condition, picked by name from a popover of checkboxes. */
export function ChoicePicker({ field, label, values, onChange }: { field: LeadQueryField; label: string; values: string[]; onChange: (values: string[]) => void }) {
  const { choices, loading } = useChoices(field);
  const names = values.map((id) => choices.find((c) => c.id === id)?.name ?? id);
  const toggle = (id: string) => onChange(values.includes(id) ? values.filter((v) => v !== id) : [...values, id]);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button type="button" aria-label={label} className={cn(inputClassName, "flex w-full items-center justify-between gap-2 text-left sm:w-56")}>
          <span className={cn("truncate", names.length === 0 && "text-muted-foreground")}>{names.length ? names.join(", ") : "Choose…"}</span>
          <ChevronDownIcon className="size-4 shrink-0 opacity-60" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="max-h-72 w-64 overflow-y-auto p-2">
        {loading ? (
          <p role="status" className="p-2 text-sm text-muted-foreground">
            Loading…
          </p>
        ) : choices.length === 0 ? (
          <p className="p-2 text-sm text-muted-foreground">Nothing to choose from yet.</p>
        ) : (
          <fieldset>
            <legend className="sr-only">{label}</legend>
            {choices.map((choice) => (
              <label key={choice.id} className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent">
                <input type="checkbox" className="size-4 accent-primary" checked={values.includes(choice.id)} onChange={() => toggle(choice.id)} />
                <span className="truncate">{choice.name}</span>
              </label>
            ))}
          </fieldset>
        )}
      </PopoverContent>
    </Popover>
  );
}
