import type { Metadata } from "next";

import { PlatformsSettings } from "@/components/settings/platforms-settings";

export const metadata: Metadata = { title: "Platforms" };

export default function PlatformsSettingsPage() {
  return <PlatformsSettings />;
}
