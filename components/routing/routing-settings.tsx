"use client";

import { useQuery } from "@tanstack/react-query";

import { LinkRoutingForm } from "@/components/routing/link-routing-form";
import { CapacityTable } from "@/components/routing/capacity-table";
import { RoutingQueue } from "@/components/routing/routing-queue";
import { SettingsHeader } from "@/components/settings/settings-shell";
import { QueryState } from "@/components/ui/query-state";
import { routingQueries } from "@/lib/client/queries/routing";
import { teamQueries } from "@/lib/client/queries/team";
import { hasRole, useViewer } from "@/lib/client/viewer";

const DESCRIPTION = "New conversations go to an available member on their own: per account, in turn or to whoever has the fewest open, never past a member's capacity. When nobody can take one it waits, and the oldest goes to the first member who frees up.";

/** Routing's settings (lib/api/routing): managers choose per account link, and set capacities. */
export function RoutingSettings() {
  const viewer = useViewer();
  if (!hasRole(viewer, "manager")) {
    return (
      <>
        <SettingsHeader title="Routing" description={DESCRIPTION} />
        <p className="text-sm text-muted-foreground">Only managers and admins can change routing. You can set yourself available or away beside your name in the inbox.</p>
      </>
    );
  }
  return <ManagerRouting />;
}

function ManagerRouting() {
  const overview = useQuery(routingQueries.overview());
  const members = useQuery(teamQueries.members());
  const links = useQuery(teamQueries.accountLinks());
  return (
    <>
      <SettingsHeader title="Routing" description={DESCRIPTION} />
      <QueryState query={overview} loading="routing">
        {(data) => (
          <>
            <RoutingQueue queue={data.queue} links={links.data} onRoutingPage />
            <section aria-labelledby="routing-links" className="mb-8">
              <h2 id="routing-links" className="mb-2 font-medium">
                Account links
              </h2>
              <QueryState query={links} loading="the account links">
                {(list) =>
                  list.length === 0 ? (
                    <p className="text-sm text-muted-foreground">No account is connected yet: connect one under Account links, then route its conversations here.</p>
                  ) : (
                    <div className="grid gap-3">
                      {list.map((link) => (
                        <LinkRoutingForm key={link.id} link={link} rule={data.links.find((r) => r.accountLinkId === link.id)} members={members.data} availability={data.members} />
                      ))}
                    </div>
                  )
                }
              </QueryState>
            </section>
            <CapacityTable members={members.data} availability={data.members} />
          </>
        )}
      </QueryState>
    </>
  );
}
