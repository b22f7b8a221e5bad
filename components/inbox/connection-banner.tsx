"use client";

import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

import { CloudOffIcon, WifiOffIcon } from "@/components/ui/icons";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { useConnectionStore } from "@/lib/client/stores/connection";

/**
 * Says so when the inbox cannot do its work: this browser is offline, some of the page's code
 * could not be fetched (a reload brings it: lib/client/stores/connection), the inbox's server
 * does not answer, or the server cannot reach the messaging service. What is on screen stays,
 * and everything else retries by itself.
 */
export function ConnectionBanner() {
  const online = useSyncExternalStore(
    (onChange) => {
      window.addEventListener("online", onChange);
      window.addEventListener("offline", onChange);
      return () => {
        window.removeEventListener("online", onChange);
        window.removeEventListener("offline", onChange);
      };
    },
    () => navigator.onLine,
    () => true,
  );
  const health = useQuery(inboxQueries.health());
  const staleSince = useConnectionStore((s) => s.staleSince);
  const codeMissing = useConnectionStore((s) => s.codeMissing);
  // Served from copies until an answer from the API, or a health check after them, says it is back.
  const servedStale = staleSince !== null && !(health.data?.upstream.reachable && health.dataUpdatedAt > staleSince);

  let message: string | null = null;
  let Icon = CloudOffIcon;
  if (!online) {
    message = "You're offline. What you see may be out of date; changes wait until you're back.";
    Icon = WifiOffIcon;
  } else if (codeMissing) {
    message = "Part of the inbox couldn't load.";
  } else if (health.isError) {
    message = "The inbox's server isn't answering. Retrying…";
  } else if ((health.data && !health.data.upstream.reachable) || servedStale) {
    message = "Reconnecting to the messaging service… Showing what we have; it updates by itself.";
  }
  if (!message) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 border-b bg-amber-100 px-4 py-1.5 text-sm text-amber-950 dark:bg-amber-400/15 dark:text-amber-100">
      <Icon className="size-4 shrink-0" aria-hidden />
      {message}
      {online && codeMissing ? (
        <button type="button" onClick={() => window.location.reload()} className="cursor-pointer rounded-sm font-medium underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring/50">
          Reload
        </button>
      ) : null}
    </div>
  );
}
