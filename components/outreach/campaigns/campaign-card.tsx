import Link from "next/link";

import type { Campaign } from "@/lib/api/outreach/campaigns";
import { fullTime, listTime } from "@/lib/client/format";
import { CampaignStatusBadge } from "./campaign-status-badge";
import { FunnelChart } from "./funnel-chart";

/** One campaign in the index: its name (the link to its page), status, accounts and funnel. */
export function CampaignCard({ campaign, accountNames }: { campaign: Campaign; accountNames: string[] }) {
  return (
    <article aria-labelledby={`campaign-${campaign.id}`} className="relative grid gap-3 rounded-lg border bg-card p-4 focus-within:ring-2 focus-within:ring-ring/50 md:grid-cols-[1fr_minmax(16rem,22rem)]">
      <div className="grid content-start gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`campaign-${campaign.id}`} className="text-base font-semibold">
            {/* The whole card is the link's target area; the name is its text. */}
            <Link href={`/outreach/campaigns/${campaign.id}`} className="outline-none after:absolute after:inset-0 after:rounded-lg hover:underline">
              {campaign.name}
            </Link>
          </h2>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        {campaign.description && <p className="text-sm text-muted-foreground">{campaign.description}</p>}
        <p className="text-sm">
          <span className="text-muted-foreground">{accountNames.length === 1 ? "Account: " : "Accounts: "}</span>
          {accountNames.length ? accountNames.join(", ") : "none yet"}
        </p>
        <p className="text-xs text-muted-foreground">
          Created <time dateTime={campaign.createdAt} title={fullTime(campaign.createdAt)}>{listTime(campaign.createdAt)}</time>
        </p>
      </div>
      <FunnelChart campaign={campaign} />
    </article>
  );
}
