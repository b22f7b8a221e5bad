import type { Metadata } from "next";

import { RulesSettings } from "@/components/rules/rules-settings";

export const metadata: Metadata = { title: "Rules" };

export default function RulesSettingsPage() {
  return <RulesSettings />;
}
