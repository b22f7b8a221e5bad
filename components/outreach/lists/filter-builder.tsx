"use client";

import { useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PlusIcon, XIcon } from "@/components/ui/icons";
import { Input, inputClassName } from "@/components/ui/input";
import type { LeadQuery, LeadQueryField } from "@/lib/api/outreach/leads";
import { draftToQuery, newCondition, newGroup, queryToDraft, withField, type DraftCondition, type DraftGroup } from "@/lib/client/outreach/leads/filter-draft";
import { FIELD_LABELS, familyOf, kindOf, opsOf, QUERY_FIELDS } from "@/lib/client/outreach/leads/filter-fields";

import { ChoicePicker } from "./choice-picker";

const selectClass = cn(inputClassName, "w-full sm:w-auto");

/**
 * The filter builder for the API's lead `query`: groups of conditions, each group matching all
 * or any of its conditions, the groups all together. It edits a draft and applies it only when
 * the contract's schema accepts it, saying in a sentence what to fix otherwise.
 */
export function FilterBuilder({ id, query, onApply, onClose }: { id: string; query: LeadQuery | null; onApply: (query: LeadQuery | null) => void; onClose: () => void }) {
  const [groups, setGroups] = useState<DraftGroup[]>(() => {
    const draft = queryToDraft(query);
    return draft.length ? draft : [newGroup()];
  });
  const [error, setError] = useState<string | null>(null);
  const setGroup = (key: string, change: (group: DraftGroup) => DraftGroup) => setGroups((all) => all.map((g) => (g.key === key ? change(g) : g)));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const result = draftToQuery(groups);
    if (!result.ok) return setError(result.error);
    setError(null);
    onApply(result.query);
  };

  return (
    <form id={id} aria-label="Filter leads" onSubmit={apply} className="flex max-h-[50dvh] flex-col gap-3 overflow-y-auto border-b bg-muted/30 px-4 py-3 md:px-6">
      {groups.map((group, g) => (
        <div key={group.key} className="flex flex-col gap-2">
          {g > 0 ? <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">and</p> : null}
          <fieldset className="flex flex-col gap-2 rounded-lg border bg-background p-3">
            <legend className="sr-only">Group {g + 1}</legend>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">Group {g + 1}:</span>
              <label className="flex items-center gap-2">
                <span>match</span>
                <select
                  aria-label={`Group ${g + 1} matches`}
                  className={cn(inputClassName, "w-auto")}
                  value={group.type}
                  onChange={(event) => setGroup(group.key, (current) => ({ ...current, type: event.target.value as "and" | "or" }))}
                >
                  <option value="and">all of these</option>
                  <option value="or">any of these</option>
                </select>
              </label>
              <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={() => setGroups((all) => all.filter((x) => x.key !== group.key))}>
                Remove group {g + 1}
              </Button>
            </div>
            {group.conditions.map((condition, c) => (
              <ConditionRow
                key={condition.key}
                label={`Group ${g + 1}, condition ${c + 1}`}
                condition={condition}
                onChange={(next) => setGroup(group.key, (current) => ({ ...current, conditions: current.conditions.map((x) => (x.key === condition.key ? next : x)) }))}
                onRemove={() => setGroup(group.key, (current) => ({ ...current, conditions: current.conditions.filter((x) => x.key !== condition.key) }))}
              />
            ))}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="w-fit"
              onClick={() => setGroup(group.key, (current) => ({ ...current, conditions: [...current.conditions, newCondition()] }))}
            >
              <PlusIcon aria-hidden />
              Add condition to group {g + 1}
            </Button>
          </fieldset>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setGroups((all) => [...all, newGroup()])}>
          <PlusIcon aria-hidden />
          Add group
        </Button>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setGroups([newGroup()]);
              setError(null);
              onApply(null);
            }}
          >
            Clear filter
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" size="sm">
            Apply filter
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function ConditionRow({ label, condition, onChange, onRemove }: { label: string; condition: DraftCondition; onChange: (next: DraftCondition) => void; onRemove: () => void }) {
  const kind = kindOf(condition.field, condition.op);
  const family = familyOf(condition.field);
  const inputType = family === "number" ? "number" : family === "date" ? "date" : "text";
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <select aria-label={`${label} field`} className={selectClass} value={condition.field} onChange={(event) => onChange(withField(condition, event.target.value as LeadQueryField))}>
        {QUERY_FIELDS.map((field) => (
          <option key={field} value={field}>
            {FIELD_LABELS[field]}
          </option>
        ))}
      </select>
      <select aria-label={`${label} operator`} className={selectClass} value={condition.op} onChange={(event) => onChange({ ...condition, op: event.target.value })}>
        {opsOf(condition.field).map((op) => (
          <option key={op.op} value={op.op}>
            {op.label}
          </option>
        ))}
      </select>
      {kind === "one" || kind === "range" ? (
        <Input
          aria-label={`${label} value`}
          type={inputType}
          className="w-full sm:w-44"
          value={condition.value}
          onChange={(event) => onChange({ ...condition, value: event.target.value })}
        />
      ) : null}
      {kind === "range" ? (
        <>
          <span className="text-sm text-muted-foreground">and</span>
          <Input aria-label={`${label} second value`} type={inputType} className="w-full sm:w-44" value={condition.to} onChange={(event) => onChange({ ...condition, to: event.target.value })} />
        </>
      ) : null}
      {kind === "boolean" ? (
        <select aria-label={`${label} value`} className={selectClass} value={condition.value === "false" ? "false" : "true"} onChange={(event) => onChange({ ...condition, value: event.target.value })}>
          <option value="true">yes</option>
          <option value="false">no</option>
        </select>
      ) : null}
      {kind === "many" ? <ChoicePicker field={condition.field} label={`${label} values`} values={condition.values} onChange={(values) => onChange({ ...condition, values })} /> : null}
      <Button type="button" variant="ghost" size="icon" className="size-8 self-end sm:self-auto" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
        <XIcon aria-hidden />
      </Button>
    </div>
  );
}
