"use client";

import { useQuery } from "@tanstack/react-query";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Hint } from "@/components/ui/hint";
import { CircleIcon } from "@/components/ui/icons";
import type { MemberAvailability } from "@/lib/api/routing";
import { useSetAvailability } from "@/lib/client/mutations/routing";
import { routingQueries } from "@/lib/client/queries/routing";
import { useViewer } from "@/lib/client/viewer";

const AWAY_TEXT = { set: "Away", signedOut: "Away (signed out)", idle: "Away (idle)" } as const;

/** "Available", or "Away" with why: what routing reads. */
export function availabilityText(availability: MemberAvailability | undefined): string {
  if (!availability) return "Away (signed out)";
  return availability.away ? AWAY_TEXT[availability.away] : "Available";
}

/** A dot and the words: green when routing may give them conversations. */
export function AvailabilityBadge({ availability, className }: { availability: MemberAvailability | undefined; className?: string }) {
  const available = availability?.available ?? false;
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs", available ? "text-emerald-700 dark:text-emerald-300" : "text-muted-foreground", className)}>
      <CircleIcon className={cn("size-2", available ? "fill-current" : "")} aria-hidden />
      {availabilityText(availability)}
    </span>
  );
}

/** The viewer says whether routing may give them new conversations. */
export function AvailabilityToggle() {
  const viewer = useViewer();
  const all = useQuery(routingQueries.availability());
  const set = useSetAvailability();
  if (!viewer.memberId) return null;
  const mine = all.data?.get(viewer.memberId);
  const status = set.isPending ? set.variables : (mine?.status ?? "available");
  const next = status === "available" ? "away" : "available";
  const label = status === "available" ? "Available for new conversations. Set yourself away" : "Away: no new conversations. Set yourself available";
  return (
    <Hint label={status === "available" ? "Routing may give you new conversations while you use the inbox. Click to step away." : "Routing gives you nothing new. Click to be available."}>
      <Button variant="ghost" size="sm" className="h-6 shrink-0 gap-1 px-1 text-xs font-normal" aria-label={label} onClick={() => set.mutate(next)}>
        <CircleIcon className={cn("size-2", status === "available" ? "fill-emerald-600 text-emerald-600 dark:fill-emerald-400 dark:text-emerald-400" : "text-muted-foreground")} aria-hidden />
        {status === "available" ? "Available for new conversations" : "Away: no new conversations"}
      </Button>
    </Hint>
  );
}
