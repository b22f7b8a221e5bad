"use client";

import { useQuery } from "@tanstack/react-query";

import { SettingsHeader } from "@/components/settings/settings-shell";
import { CheckIcon, MinusIcon } from "@/components/ui/icons";
import { QueryState } from "@/components/ui/query-state";
import { CAPABILITIES } from "@/lib/api/capability-names";
import type { PlatformInfo } from "@/lib/api/platforms";
import { capabilityLabel, windowLabel } from "@/lib/client/capability-reasons";
import { teamQueries } from "@/lib/client/queries/team";

/** The capabilities the inbox knows, then any others a platform reports: shown, never dropped. */
export function capabilityColumns(platforms: readonly Pick<PlatformInfo, "capabilities">[]): string[] {
  const known: string[] = [...CAPABILITIES];
  const extra = new Set<string>();
  for (const p of platforms) for (const c of p.capabilities) if (!known.includes(c)) extra.add(c);
  return [...known, ...[...extra].sort()];
}

/** What each platform allows at most (an account may be narrowed below it), its limits and time windows. */
export function PlatformsSettings() {
  const platforms = useQuery(teamQueries.platforms());
  return (
    <>
      <SettingsHeader
        title="Platforms"
        description="What each messaging platform allows at most, from the service. An account link can be narrowed below its platform; the account links page shows what each one lacks."
      />
      <QueryState query={platforms} loading="the platforms">
        {(data) => <PlatformTables platforms={data} />}
      </QueryState>
    </>
  );
}

function PlatformTables({ platforms }: { platforms: PlatformInfo[] }) {
  const columns = capabilityColumns(platforms);
  return (
    <div className="grid gap-8">
      <section aria-labelledby="capability-matrix">
        <h2 id="capability-matrix" className="mb-2 font-medium">
          Capabilities
        </h2>
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="sr-only">Which platform allows what</caption>
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Platform
                </th>
                {columns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-center font-medium" title={c}>
                    {capabilityLabel(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {platforms.map((p) => (
                <tr key={p.platform} className="border-t">
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {p.name}
                  </th>
                  {columns.map((c) => {
                    const allowed = p.capabilities.includes(c);
                    return (
                      <td key={c} className="px-3 py-2 text-center">
                        {allowed ? <CheckIcon className="mx-auto size-4 text-emerald-600 dark:text-emerald-400" aria-hidden /> : <MinusIcon className="mx-auto size-4 text-muted-foreground/60" aria-hidden />}
                        <span className="sr-only">{allowed ? "Yes" : "No"}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="platform-limits">
        <h2 id="platform-limits" className="mb-2 font-medium">
          Limits and time windows
        </h2>
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="sr-only">Message length and how long after sending a message can be edited or unsent</caption>
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Platform
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Longest message
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Edit within
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Unsend within
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Other limits
                </th>
              </tr>
            </thead>
            <tbody>
              {platforms.map((p) => {
                const { messageLength, ...otherLimits } = p.limits;
                const others = Object.entries(otherLimits);
                return (
                  <tr key={p.platform} className="border-t">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {p.name}
                    </th>
                    <td className="px-3 py-2 tabular-nums">{messageLength === null ? "No limit" : `${messageLength.toLocaleString()} characters`}</td>
                    <td className="px-3 py-2">{p.capabilities.includes("message:edit") ? windowLabel(p.mutationWindows["message:edit"]) : <span className="text-muted-foreground">Not allowed</span>}</td>
                    <td className="px-3 py-2">{p.capabilities.includes("message:unsend") ? windowLabel(p.mutationWindows["message:unsend"]) : <span className="text-muted-foreground">Not allowed</span>}</td>
                    <td className="px-3 py-2 text-muted-foreground">{others.length ? others.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ") : "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
