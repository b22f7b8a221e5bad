"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Fragment, useMemo, type ReactNode } from "react";

import { Badge } from "@/components/ui/badge";
import { ListIcon, UsersIcon, VariableIcon, ZapIcon } from "@/components/ui/icons";
import type { Campaign } from "@/lib/api/outreach/campaigns";
import { listHref } from "@/lib/client/outreach/leads/links";
import { automationSentence, type AutomationNames } from "@/lib/client/outreach/campaigns/automations";
import { stepsOf, variablesUsed } from "@/lib/client/outreach/campaigns/sequence";
import { outreachQueries } from "@/lib/client/queries/outreach";
import { teamQueries } from "@/lib/client/queries/team";

/** The campaign's accounts, lists, automations and custom variables, each named in words. */
export function CampaignSettings({ campaign }: { campaign: Campaign }) {
  const lists = useQuery(outreachQueries.lists());
  const accountLinks = useQuery(teamQueries.accountLinks());
  const names = useAutomationNames();
  const listName = (id: string) => lists.data?.find((l) => l.id === id)?.name ?? (lists.isPending ? "…" : "A list no longer there");
  const included = campaign.lists.filter((l) => !l.exclude);
  const excluded = campaign.lists.filter((l) => l.exclude);
  const used = useMemo(() => new Set(variablesUsed(stepsOf(campaign.steps, campaign.activeVersion))), [campaign.steps, campaign.activeVersion]);

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel id="accounts" title="Accounts" icon={<UsersIcon className="size-4" aria-hidden />}>
        {campaign.accountLinkIds.length === 0 ? (
          <p className="text-sm text-muted-foreground">No account sends for this campaign yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {campaign.accountLinkIds.map((id) => (
              <li key={id}>{accountLinks.data?.find((l) => l.id === id)?.displayName ?? (accountLinks.isPending ? "…" : "An account no longer linked")}</li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel id="lists" title="Lists" icon={<ListIcon className="size-4" aria-hidden />}>
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground">Included</dt>
            <dd>{included.length ? <ListLinks ids={included.map((l) => l.listId)} name={listName} /> : "None: the campaign has nobody to write to."}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Excluded</dt>
            <dd>{excluded.length ? <ListLinks ids={excluded.map((l) => l.listId)} name={listName} /> : "None"}</dd>
          </div>
        </dl>
      </Panel>
      <Panel id="automations" title="Automations" icon={<ZapIcon className="size-4" aria-hidden />}>
        {campaign.automations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No automations: replies are handled by hand.</p>
        ) : (
          <ul className="grid gap-1.5 text-sm">
            {campaign.automations.map((automation) => (
              <li key={automation.id} className="flex flex-wrap items-center gap-2">
                <span className={automation.enabled ? undefined : "text-muted-foreground line-through decoration-muted-foreground/50"}>{automationSentence(automation, names)}</span>
                {!automation.enabled && <Badge variant="outline">Off</Badge>}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel id="variables" title="Custom variables" icon={<VariableIcon className="size-4" aria-hidden />}>
        {Object.keys(campaign.customVariables).length === 0 ? (
          <p className="text-sm text-muted-foreground">No custom variables.</p>
        ) : (
          <dl className="grid gap-2 text-sm">
            {Object.entries(campaign.customVariables).map(([name, variable]) => (
              <div key={name}>
                <dt className="flex flex-wrap items-center gap-2">
                  <code className="rounded bg-muted px-1 text-xs">{`{${name}}`}</code>
                  <span className="font-medium">{variable.displayName}</span>
                  {used.has(name) && <Badge variant="secondary">Used in the sequence</Badge>}
                </dt>
                <dd className="text-muted-foreground">{variable.description ?? "No description."}</dd>
              </div>
            ))}
          </dl>
        )}
      </Panel>
    </div>
  );
}

function Panel({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid content-start gap-2 rounded-lg border bg-card p-4">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-base font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function useAutomationNames(): AutomationNames {
  const statuses = useQuery(teamQueries.statuses());
  const tags = useQuery(teamQueries.tags());
  const members = useQuery(teamQueries.members());
  // While a name list loads, "…" stands in rather than "an unknown status".
  return useMemo(
    () => ({
      status: (id) => (statuses.data ? statuses.data.find((s) => s.id === id)?.name : "…"),
      tag: (id) => (tags.data ? tags.data.find((t) => t.id === id)?.name : "…"),
      member: (id) => (members.data ? members.data.find((m) => m.id === id)?.name : "…"),
    }),
    [statuses.data, tags.data, members.data],
  );
}

/** The lists by name, each a link to its leads. */
function ListLinks({ ids, name }: { ids: string[]; name: (id: string) => string }) {
  return ids.map((id, i) => (
    <Fragment key={id}>
      {i > 0 ? ", " : null}
      <Link href={listHref(id)} className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring/50">
        {name(id)}
      </Link>
    </Fragment>
  ));
}
