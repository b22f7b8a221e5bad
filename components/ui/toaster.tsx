"use client";

import { useState } from "react";

import { onDemand } from "@/components/ui/on-demand";
import { useToastStore } from "@/lib/client/stores/toasts";

// Sonner (10 kB gzip) loads with the first toast, not with every page: the store keeps the toast
// meanwhile, and ./sonner-toaster shows what it holds once mounted.
const SonnerToaster = onDemand(() => import("./sonner-toaster").then((m) => m.SonnerToaster));

/** The toasts raised with `toast()` (lib/client/stores/toasts); mounted once in the app's providers. */
export function Toaster() {
  const raised = useToastStore((state) => state.toasts.length > 0);
  const [needed, setNeeded] = useState(raised);
  if (raised && !needed) setNeeded(true);
  return needed ? <SonnerToaster /> : null;
}
