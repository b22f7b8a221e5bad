import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";

// The board's filters live in the URL (nuqs, lib/client/pipeline/pipeline-url); the inbox keeps its own and loads none of nuqs.
export default function PipelineLayout({ children }: { children: ReactNode }) {
  return <NuqsAdapter>{children}</NuqsAdapter>;
}
