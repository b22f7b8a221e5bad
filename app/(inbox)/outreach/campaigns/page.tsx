import type { Metadata } from "next";

import { CampaignsIndex } from "@/components/outreach/campaigns/campaigns-index";

export const metadata: Metadata = { title: "Campaigns · Outreach" };

export default function CampaignsPage() {
  return <CampaignsIndex />;
}
