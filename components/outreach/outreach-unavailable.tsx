"use client";

import type { ReactNode } from "react";

import { MegaphoneOffIcon } from "@/components/ui/icons";
import { PaneError } from "@/components/ui/query-state";
import { isApiError } from "@/lib/api/errors";

/** Whether an outreach read failed because the team's plan has no outreach (the API's 403 `planRequired`). */
export function isPlanRequired(error: unknown): boolean {
  return isApiError(error) && error.code === "planRequired";
}

/**
 * What an outreach page shows instead of itself when its read failed: the plain "not in your
 * plan" page for a team without the outreach add-on, else the read's error with Try again.
 */
export function OutreachReadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }): ReactNode {
  if (isPlanRequired(error)) return <OutreachUnavailable />;
  return <PaneError title={`Couldn't load ${what}`} error={error} onRetry={onRetry} />;
}

export function OutreachUnavailable() {
  return (
    <section aria-labelledby="outreach-unavailable" className="mx-auto flex max-w-md flex-col items-center gap-3 p-10 text-center">
      <MegaphoneOffIcon className="size-8 text-muted-foreground" aria-hidden />
      <h1 id="outreach-unavailable" className="text-lg font-semibold">
        Outreach isn&apos;t part of your plan
      </h1>
      <p className="text-sm text-muted-foreground">
        Campaigns, lead lists and imports need the outreach add-on. An owner of your account can add it in the dashboard; your conversations stay
        in the inbox as they are.
      </p>
    </section>
  );
}
