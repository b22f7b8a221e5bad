import type { Metadata } from "next";

import { ImportJobs } from "@/components/outreach/imports/import-jobs";

export const metadata: Metadata = { title: "Import jobs" };

export default async function ImportJobsPage({ params }: { params: Promise<{ listId: string }> }) {
  const { listId } = await params;
  return <ImportJobs listId={listId} />;
}
