import type { Metadata } from "next";

import { ListsOverview } from "@/components/outreach/lists/lists-overview";

export const metadata: Metadata = { title: "Lists" };

export default function ListsPage() {
  return <ListsOverview />;
}
