import type { Metadata } from "next";

import { CampaignPage } from "@/components/outreach/campaigns/campaign-page";

export const metadata: Metadata = { title: "Campaign · Outreach" };

export default async function OutreachCampaignPage({ params }: { params: Promise<{ campaignId: string }> }) {
  const { campaignId } = await params;
  return <CampaignPage campaignId={campaignId} />;
}
