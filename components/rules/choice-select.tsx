"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export type Choice = { value: string; label: string };

/** A labelled pick among choices, for the rule editor's rows; empty until something is chosen. */
export function ChoiceSelect({ label, value, choices, placeholder, onChange }: { label: string; value: string; choices: Choice[]; placeholder: string; onChange: (value: string) => void }) {
  return (
    <Select value={value || undefined} onValueChange={onChange}>
      <SelectTrigger aria-label={label} size="sm" className="w-full min-w-0">
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.length === 0 ? <p className="px-2 py-1.5 text-sm text-muted-foreground">Nothing to choose yet.</p> : null}
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
