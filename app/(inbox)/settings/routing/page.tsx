import type { Metadata } from "next";

import { RoutingSettings } from "@/components/routing/routing-settings";

export const metadata: Metadata = { title: "Routing" };

export default function RoutingSettingsPage() {
  return <RoutingSettings />;
}
