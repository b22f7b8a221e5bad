"use client";

import type { ReactNode } from "react";

import { ChoiceSelect, type Choice } from "@/components/rules/choice-select";
import type { RuleChoices } from "@/components/rules/rule-choices";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { PlusIcon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import type { RuleActionType, RuleConditionType } from "@/lib/api/rules";
import { newAction, newCondition, type DraftAction, type DraftCondition } from "@/lib/client/rule-draft";
import { ACTION_LABELS, CONDITION_LABELS, SNOOZE_CHOICES } from "@/lib/client/rule-sentences";

const YES_NO: Choice[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];
const CONDITION_TYPES = Object.entries(CONDITION_LABELS).map(([value, label]) => ({ value, label }));
const ACTION_TYPES = Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }));
const SNOOZES = SNOOZE_CHOICES.map((c) => ({ value: c.hours === null ? "reply" : String(c.hours), label: c.label.replace(/^for /, "For ").replace(/^until/, "Until") }));

/** The editor's "if" rows: each a kind of condition and its value; all must hold. */
export function ConditionRows({ rows, choices, invalid, onChange }: { rows: DraftCondition[]; choices: RuleChoices; invalid: boolean; onChange: (rows: DraftCondition[]) => void }) {
  return (
    <DraftRows
      noun="Condition"
      legend="If all of these hold"
      empty="No conditions: the rule acts on every event of its kind."
      types={CONDITION_TYPES}
      rows={rows}
      invalid={invalid}
      make={(type) => newCondition((type ?? "textContains") as RuleConditionType)}
      value={(row, n, set) => <ConditionValue row={row} n={n} choices={choices} onChange={set} />}
      onChange={onChange}
    />
  );
}

/** The editor's "then" rows, run in order. */
export function ActionRows({ rows, choices, invalid, onChange }: { rows: DraftAction[]; choices: RuleChoices; invalid: boolean; onChange: (rows: DraftAction[]) => void }) {
  return (
    <DraftRows
      noun="Action"
      legend="Then, in order"
      empty="No actions yet: add one."
      types={ACTION_TYPES}
      rows={rows}
      invalid={invalid}
      make={(type) => newAction((type ?? "addTag") as RuleActionType)}
      value={(row, n, set) => <ActionValue row={row} n={n} choices={choices} onChange={set} />}
      onChange={onChange}
    />
  );
}

/** Rows of a kind and a value, each removable, with a button to add one. */
function DraftRows<Row extends { type: string; value: string }>({
  noun,
  legend,
  empty,
  types,
  rows,
  invalid,
  make,
  value,
  onChange,
}: {
  noun: "Condition" | "Action";
  legend: string;
  empty: string;
  types: Choice[];
  rows: Row[];
  invalid: boolean;
  /** A new row of the type, or of the default type. */
  make: (type?: string) => Row;
  value: (row: Row, n: number, set: (value: string) => void) => ReactNode;
  onChange: (rows: Row[]) => void;
}) {
  const set = (i: number, row: Row) => onChange(rows.map((r, j) => (j === i ? row : r)));
  return (
    <fieldset className="grid gap-2" aria-invalid={invalid || undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : null}
      {rows.map((row, i) => {
        const n = i + 1;
        return (
          <div key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-2">
            <ChoiceSelect label={`${noun} ${n}`} value={row.type} choices={types} placeholder={noun} onChange={(type) => set(i, make(type))} />
            {value(row, n, (next) => set(i, { ...row, value: next }))}
            <IconButton label={`Remove ${noun.toLowerCase()} ${n}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              <XIcon aria-hidden />
            </IconButton>
          </div>
        );
      })}
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => onChange([...rows, make()])}>
        <PlusIcon aria-hidden />
        Add {noun.toLowerCase()}
      </Button>
    </fieldset>
  );
}

function ConditionValue({ row, n, choices, onChange }: { row: DraftCondition; n: number; choices: RuleChoices; onChange: (value: string) => void }) {
  const label = `Condition ${n} value`;
  switch (row.type) {
    case "textContains":
      return <Input aria-label={label} value={row.value} maxLength={200} placeholder="pricing" onChange={(e) => onChange(e.target.value)} className="h-8" />;
    case "campaign":
      return <Input aria-label={label} value={row.value} placeholder="Campaign ID" spellCheck={false} onChange={(e) => onChange(e.target.value)} className="h-8 font-mono" />;
    case "accountLink":
      return <ChoiceSelect label={label} value={row.value} choices={choices.accountLinks} placeholder="Account link" onChange={onChange} />;
    case "platform":
      return <ChoiceSelect label={label} value={row.value} choices={choices.platforms} placeholder="Platform" onChange={onChange} />;
    case "tag":
      return <ChoiceSelect label={label} value={row.value} choices={choices.tags} placeholder="Tag" onChange={onChange} />;
    case "status":
      return <ChoiceSelect label={label} value={row.value} choices={choices.statuses} placeholder="Status" onChange={onChange} />;
    case "verified":
    case "unassigned":
      return <ChoiceSelect label={label} value={row.value} choices={YES_NO} placeholder="Yes or no" onChange={onChange} />;
  }
}

function ActionValue({ row, n, choices, onChange }: { row: DraftAction; n: number; choices: RuleChoices; onChange: (value: string) => void }) {
  const label = `Action ${n} value`;
  switch (row.type) {
    case "assign":
      return <ChoiceSelect label={label} value={row.value} choices={choices.members} placeholder="Member" onChange={onChange} />;
    case "addTag":
    case "removeTag":
      return <ChoiceSelect label={label} value={row.value} choices={choices.tags} placeholder="Tag" onChange={onChange} />;
    case "setStatus":
      return <ChoiceSelect label={label} value={row.value} choices={choices.statuses} placeholder="Status" onChange={onChange} />;
    case "snooze":
      return <ChoiceSelect label={label} value={row.value} choices={SNOOZES} placeholder="How long" onChange={onChange} />;
    case "autoAssign":
    case "archive":
      return <span />;
  }
}
