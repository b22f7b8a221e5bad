"use client";

import { useId, useState } from "react";

import { AvailabilityBadge } from "@/components/routing/availability";
import { PersonAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { LoaderCircleIcon } from "@/components/ui/icons";
import type { AccountLink } from "@/lib/api/platforms";
import type { LinkRouting, MemberAvailability, RoutingMode } from "@/lib/api/routing";
import type { Member } from "@/lib/api/team";
import { useSetLinkRouting } from "@/lib/client/mutations/routing";

const MODES: Record<RoutingMode, { label: string; hint: string }> = {
  off: { label: "Off", hint: "Managers assign by hand." },
  roundRobin: { label: "Round-robin", hint: "In turn, skipping whoever is away or full." },
  balanced: { label: "Balanced", hint: "To whoever has the fewest open conversations." },
};

/**
 * One account link's routing: the rule, the members it routes among, and whether message
 * requests are routed too. Edited here and saved together, so a half-made choice never routes.
 */
export function LinkRoutingForm({ link, rule, members, availability }: { link: AccountLink; rule: LinkRouting | undefined; members: Member[] | undefined; availability: MemberAvailability[] }) {
  const id = useId();
  const save = useSetLinkRouting();
  const saved = { mode: rule?.mode ?? "off", memberIds: rule?.memberIds ?? [], routeRequests: rule?.routeRequests ?? true };
  const [draft, setDraft] = useState<typeof saved | null>(null);
  const current = draft ?? saved;
  const chosen = new Set(current.memberIds);
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const change = (patch: Partial<typeof saved>) => setDraft({ ...current, ...patch });
  const toggle = (memberId: string) => change({ memberIds: chosen.has(memberId) ? current.memberIds.filter((m) => m !== memberId) : [...current.memberIds, memberId] });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ accountLinkId: link.id, change: current }, { onSuccess: () => setDraft(null) });
  };
  const needsMembers = current.mode !== "off" && current.memberIds.length === 0;

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-name`} className="rounded-lg border p-4" data-account-link={link.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-name`} className="text-sm font-medium">
          {link.displayName}
        </h3>
        <span className="text-xs text-muted-foreground">{MODES[current.mode].hint}</span>
      </div>
      <fieldset className="mt-3 flex flex-wrap gap-2">
        <legend className="sr-only">How {link.displayName}&apos;s new conversations are assigned</legend>
        {(Object.keys(MODES) as RoutingMode[]).map((mode) => (
          <label key={mode} className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-2 has-focus-visible:ring-ring/50">
            <input type="radio" name={`${id}-mode`} value={mode} className="size-4 accent-primary" checked={current.mode === mode} onChange={() => change({ mode })} />
            {MODES[mode].label}
          </label>
        ))}
      </fieldset>
      {current.mode !== "off" ? (
        <>
          <fieldset className="mt-3">
            <legend className="mb-1 text-xs font-medium text-muted-foreground">Members who get {link.displayName}&apos;s conversations</legend>
            {members ? (
              <ul className="grid gap-1 sm:grid-cols-2">
                {members.map((member) => (
                  <li key={member.id}>
                    <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-muted has-focus-visible:ring-2 has-focus-visible:ring-ring/50">
                      <input type="checkbox" className="size-4 accent-primary" checked={chosen.has(member.id)} onChange={() => toggle(member.id)} />
                      <PersonAvatar name={member.name} src={member.avatarUrl} className="size-5 text-[0.5625rem]" />
                      <span className="min-w-0 flex-1 truncate">{member.name}</span>
                      <AvailabilityBadge availability={availability.find((a) => a.memberId === member.id)} />
                    </label>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Loading members…</p>
            )}
          </fieldset>
          <label className="mt-3 flex cursor-pointer items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={current.routeRequests} onChange={() => change({ routeRequests: !current.routeRequests })} />
            <span>
              Route message requests too
              <span className="block text-xs text-muted-foreground">Off: requests from people new to this account wait in Requests for someone to accept them.</span>
            </span>
          </label>
        </>
      ) : null}
      <div className="mt-3 flex items-center gap-2">
        <Button type="submit" size="sm" disabled={!dirty || save.isPending || needsMembers}>
          {save.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
          Save
        </Button>
        {dirty ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(null)}>
            Discard
          </Button>
        ) : null}
        {needsMembers ? <p className="text-xs text-muted-foreground">Choose at least one member.</p> : null}
      </div>
    </form>
  );
}
