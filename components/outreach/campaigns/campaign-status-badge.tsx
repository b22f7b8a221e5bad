import { Badge } from "@/components/ui/badge";
import { statusLabel } from "@/lib/client/outreach/campaigns/index-view";

const VARIANTS = { active: "default", paused: "warning", completed: "secondary", draft: "outline" } as const;

export function CampaignStatusBadge({ status }: { status: string }) {
  return <Badge variant={(VARIANTS as Record<string, (typeof VARIANTS)[keyof typeof VARIANTS]>)[status] ?? "outline"}>{statusLabel(status)}</Badge>;
}
