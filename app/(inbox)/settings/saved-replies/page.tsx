import type { Metadata } from "next";

import { SavedRepliesSettings } from "@/components/settings/saved-replies/settings";

export const metadata: Metadata = { title: "Saved replies" };

export default function SavedRepliesSettingsPage() {
  return <SavedRepliesSettings />;
}
