import type { Metadata } from "next";

import { UsersSettings } from "@/components/settings/users/settings";

export const metadata: Metadata = { title: "Users" };

export default function UsersSettingsPage() {
  return <UsersSettings />;
}
