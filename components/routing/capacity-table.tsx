"use client";

import { useState } from "react";

import { AvailabilityBadge } from "@/components/routing/availability";
import { PersonAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MAX_CAPACITY, type MemberAvailability } from "@/lib/api/routing";
import type { Member } from "@/lib/api/team";
import { useSetCapacity } from "@/lib/client/mutations/routing";

/** Each member's availability and capacity: how many open conversations routing may have given them at once (empty: no limit). */
export function CapacityTable({ members, availability }: { members: Member[] | undefined; availability: MemberAvailability[] }) {
  return (
    <section aria-labelledby="routing-capacity" className="mb-8">
      <h2 id="routing-capacity" className="mb-1 font-medium">
        Members
      </h2>
      <p className="mb-2 text-sm text-muted-foreground">
        Capacity is how many open conversations routing may have given a member at once: those it gave them that are not archived and still theirs. What you assign by hand is yours to judge; balanced routing still counts it. A member counts as away when they say so, are signed out, or have not used the inbox for a while.
      </p>
      {members ? (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="sr-only">Members: availability, open conversations, those from routing, and capacity</caption>
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Member
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Availability
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Open
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  From routing
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Capacity
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => {
                const state = availability.find((a) => a.memberId === member.id);
                return (
                  <tr key={member.id} className="border-t">
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      <span className="inline-flex items-center gap-2">
                        <PersonAvatar name={member.name} src={member.avatarUrl} className="size-6" />
                        {member.name}
                      </span>
                    </th>
                    <td className="px-3 py-2">
                      <AvailabilityBadge availability={state} />
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{state?.open ?? 0}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{state?.routed ?? 0}</td>
                    <td className="px-3 py-2">
                      <CapacityField member={member} capacity={state?.capacity ?? null} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Loading members…</p>
      )}
    </section>
  );
}

function CapacityField({ member, capacity }: { member: Member; capacity: number | null }) {
  const save = useSetCapacity();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (capacity === null ? "" : String(capacity));
  const value = shown.trim() === "" ? null : Number(shown);
  const valid = value === null || (Number.isInteger(value) && value >= 0 && value <= MAX_CAPACITY);
  const dirty = text !== null && value !== capacity;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid || !dirty) return;
    save.mutate({ memberId: member.id, capacity: value }, { onSuccess: () => setText(null) });
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_CAPACITY}
        placeholder="No limit"
        aria-label={`${member.name}'s capacity`}
        aria-invalid={!valid}
        className="h-8 w-24"
        value={shown}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" size="sm" variant="outline" className="h-8" disabled={!dirty || !valid || save.isPending} aria-label={`Save ${member.name}'s capacity`}>
        Save
      </Button>
      {!valid ? <span className="text-xs text-destructive">A whole number from 0 to {MAX_CAPACITY}, or empty for no limit.</span> : null}
    </form>
  );
}
