import type { Metadata } from "next";

import { SendingSettings } from "@/components/settings/sending-settings";

export const metadata: Metadata = { title: "Sending" };

export default function SendingSettingsPage() {
  return <SendingSettings />;
}
