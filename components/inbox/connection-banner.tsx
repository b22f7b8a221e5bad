"use client";

import { useQuery } from "@tanstack/react-query";
import { CloudOffIcon, WifiOffIcon } from "lucide-react";
import { useSyncExternalStore } from "react";

import { inboxQueries } from "@/lib/client/queries/inbox";

/**
 * Says so when the inbox cannot do its work: this browser is offline, the inbox's server does
 * not answer, or the server cannot reach the messaging service. What is on screen stays, and
 * everything retries by itself.
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

  let message: string | null = null;
  let Icon = CloudOffIcon;
  if (!online) {
    message = "You're offline. What you see may be out of date; changes wait until you're back.";
    Icon = WifiOffIcon;
  } else if (health.isError) {
    message = "The inbox's server isn't answering. Retrying…";
  } else if (health.data && !health.data.upstream.reachable) {
    message = "The messaging service can't be reached right now. Showing what we have; retrying.";
  }
  if (!message) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 border-b bg-amber-100 px-4 py-1.5 text-sm text-amber-950 dark:bg-amber-400/15 dark:text-amber-100">
      <Icon className="size-4 shrink-0" aria-hidden />
      {message}
    </div>
  );
}
