import type { ReactNode } from "react";

import { ListFrame } from "@/components/outreach/lists/list-frame";

export default async function ListLayout({ params, children }: { params: Promise<{ listId: string }>; children: ReactNode }) {
  return <ListFrame listId={(await params).listId}>{children}</ListFrame>;
}
