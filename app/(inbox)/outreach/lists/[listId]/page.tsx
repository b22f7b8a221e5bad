import type { Metadata } from "next";

import { LeadsView } from "@/components/outreach/lists/leads-view";

export const metadata: Metadata = { title: "Leads" };

export default async function ListLeadsPage({ params }: { params: Promise<{ listId: string }> }) {
  return <LeadsView listId={(await params).listId} />;
}
