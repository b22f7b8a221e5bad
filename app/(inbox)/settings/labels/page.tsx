import type { Metadata } from "next";

import { LabelsSettings } from "@/components/settings/labels/settings";

export const metadata: Metadata = { title: "Tags and statuses" };

export default function LabelsSettingsPage() {
  return <LabelsSettings />;
}
