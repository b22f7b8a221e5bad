import type { Metadata } from "next";

import { WorkloadPage } from "@/components/settings/workload";

export const metadata: Metadata = { title: "Workload" };

export default function WorkloadSettingsPage() {
  return <WorkloadPage />;
}
