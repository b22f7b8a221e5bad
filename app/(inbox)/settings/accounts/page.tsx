import type { Metadata } from "next";

import { AccountsSettings } from "@/components/settings/accounts-settings";

export const metadata: Metadata = { title: "Account links" };

export default function AccountsSettingsPage() {
  return <AccountsSettings />;
}
