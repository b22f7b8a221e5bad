import type { Metadata } from "next";

import { PipelineShell } from "@/components/pipeline/pipeline-shell";
import { clientViewer } from "@/lib/server/http/session";

export const metadata: Metadata = { title: "Pipeline" };

export default async function PipelinePage() {
  return <PipelineShell viewer={await clientViewer()} />;
}
