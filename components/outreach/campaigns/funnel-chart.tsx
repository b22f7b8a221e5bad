import type { Campaign } from "@/lib/api/outreach/campaigns";
import { funnelOf, funnelSentence, percent } from "@/lib/client/outreach/campaigns/funnel";
import { cn } from "@/components/ui/cn";

const BAR_COLORS = { targets: "bg-slate-400 dark:bg-slate-500", contacted: "bg-sky-500", replies: "bg-emerald-500" } as const;

/**
 * A campaign's funnel as three bars on one scale (targets → contacted → replies) with the
 * reply rate and completion beside it. The bars are drawn for the eye; screen readers get the
 * same figures as one sentence.
 */
export function FunnelChart({ campaign, className }: { campaign: Campaign; className?: string }) {
  const stages = funnelOf(campaign);
  return (
    <div role="img" aria-label={funnelSentence(campaign)} className={cn("grid gap-1.5", className)}>
      {stages.map((stage) => (
        <div key={stage.key} className="grid grid-cols-[5.5rem_1fr_3.5rem] items-center gap-2 text-xs" aria-hidden>
          <span className="text-muted-foreground">{stage.label}</span>
          <span className="h-2 overflow-hidden rounded-full bg-muted">
            <span className={cn("block h-full rounded-full", BAR_COLORS[stage.key])} style={{ width: `${Math.max(stage.share * 100, stage.count > 0 ? 2 : 0)}%` }} />
          </span>
          <span className="text-right font-medium tabular-nums">{stage.count.toLocaleString("en-US")}</span>
        </div>
      ))}
      <div className="flex gap-4 pt-0.5 text-xs text-muted-foreground" aria-hidden>
        <span>
          Reply rate <strong className="font-semibold text-foreground tabular-nums">{percent(campaign.replyRate)}</strong>
        </span>
        <span>
          Completion <strong className="font-semibold text-foreground tabular-nums">{percent(campaign.completionRate)}</strong>
        </span>
      </div>
    </div>
  );
}
