import type { Metadata } from "next";

import { ActivityLog } from "@/components/settings/activity-log";

export const metadata: Metadata = { title: "Activity log" };

export default function ActivityLogPage() {
  return <ActivityLog />;
}
