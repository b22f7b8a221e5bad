"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useReducer, useState, useSyncExternalStore } from "react";

import { MentionNotifications } from "@/components/settings/mention-notifications";
import { SettingsHeader } from "@/components/settings/settings-shell";
import { Button } from "@/components/ui/button";
import { BellIcon, BellOffIcon, CheckCircle2Icon } from "@/components/ui/icons";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { NOTIFY_SCOPES, type NotifyScope } from "@/lib/api/preferences";
import { usePendingChoices } from "@/lib/client/hooks/use-pending-choices";
import { useSetNotificationScopes } from "@/lib/client/mutations/preferences";
import { notificationPermission, type NotificationPermissionState } from "@/lib/client/notifications";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { useViewer } from "@/lib/client/viewer";

const SCOPE_LABELS: Record<NotifyScope, { label: string; hint: string }> = {
  assignedToMe: { label: "Assigned to me", hint: "Conversations assigned to you, or to contacts assigned to you." },
  unassigned: { label: "Unassigned", hint: "Conversations nobody has picked up yet." },
  others: { label: "Assigned to others", hint: "Conversations your teammates look after. With all three, every new message notifies." },
};

/**
 * Settings › Notifications, each member's own: whether this browser may show notifications
 * (asked only when the member clicks), and which new messages should raise one, saved on the
 * server so the choice follows the member to every browser.
 */
export function NotificationsSettings() {
  const viewer = useViewer();
  const preferences = useQuery(inboxQueries.preferences());
  const setScopes = useSetNotificationScopes();
  const choice = usePendingChoices<NotifyScope, boolean>();
  const id = useId();

  return (
    <>
      <SettingsHeader title="Notifications" description="Hear of new messages while the inbox is in another tab or window. These choices are yours alone and follow you to every browser you sign in on." />
      <section aria-labelledby={`${id}-browser`} className="rounded-lg border p-4">
        <h2 id={`${id}-browser`} className="font-medium">
          This browser
        </h2>
        <BrowserPermission />
      </section>

      <section aria-labelledby={`${id}-scopes`} className="mt-8">
        <h2 id={`${id}-scopes`} className="font-medium">
          Notify me of new messages in conversations…
        </h2>
        {viewer.memberId === null ? (
          <p className="mt-1 text-sm text-muted-foreground">You aren&apos;t linked to a team member yet, so no conversation counts as yours. An admin can link you on the Users page.</p>
        ) : null}
        <div className="mt-3">
          <QueryState
            query={preferences}
            loading="your choices"
            skeleton={
              <>
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </>
            }
          >
            {(data) => (
              <fieldset className="grid gap-2">
                <legend className="sr-only">Which conversations notify you</legend>
                {NOTIFY_SCOPES.map((scope) => (
                  <label key={scope} className="flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 has-focus-visible:ring-2 has-focus-visible:ring-ring/50">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-primary"
                      checked={choice.shown(scope, data.notifications[scope])}
                      onChange={(event) => {
                        const checked = event.target.checked;
                        choice.choose(scope, checked, (onSettled) => setScopes.mutate({ [scope]: checked }, { onSettled }));
                      }}
                    />
                    <span>
                      <span className="block text-sm font-medium">{SCOPE_LABELS[scope].label}</span>
                      <span className="block text-sm text-muted-foreground">{SCOPE_LABELS[scope].hint}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
          </QueryState>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">The inbox&apos;s tab also shows how many conversations are unread for you, as in “(3) Inbox”.</p>
      </section>
      <MentionNotifications />
    </>
  );
}

/** The browser's own permission: asked for on a click, never on load; blocked means the site settings must change. */
function BrowserPermission() {
  const permission = useSyncExternalStore<NotificationPermissionState | null>(subscribePermission, notificationPermission, () => null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [tested, setTested] = useState(false);

  const ask = async () => {
    await Notification.requestPermission();
    rerender();
  };
  const test = () => {
    new Notification("Notifications are on", { body: "New messages will show like this.", tag: "inbox-test", icon: "/icon.svg" });
    setTested(true);
  };

  if (permission === null) return <Skeleton className="mt-2 h-9 w-64" />;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
      {permission === "granted" ? (
        <>
          <span className="inline-flex items-center gap-1.5">
            <CheckCircle2Icon className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
            Notifications are on in this browser.
          </span>
          <Button variant="outline" size="sm" onClick={test}>
            {tested ? "Sent — send another" : "Send a test notification"}
          </Button>
        </>
      ) : permission === "default" ? (
        <>
          <span className="text-muted-foreground">This browser doesn&apos;t show the inbox&apos;s notifications yet.</span>
          <Button size="sm" onClick={() => void ask()}>
            <BellIcon aria-hidden />
            Turn on notifications
          </Button>
        </>
      ) : permission === "denied" ? (
        <span className="inline-flex items-start gap-1.5 text-muted-foreground">
          <BellOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          Notifications are blocked for this site. Allow them in the browser&apos;s site settings (the icon beside the address), then reload.
        </span>
      ) : (
        <span className="text-muted-foreground">This browser can&apos;t show notifications. The tab&apos;s title still counts what is unread.</span>
      )}
    </div>
  );
}

/** The member may allow or block notifications from the browser's own controls while the page is open. */
function subscribePermission(onChange: () => void): () => void {
  let status: PermissionStatus | null = null;
  let gone = false;
  navigator.permissions
    ?.query({ name: "notifications" })
    .then((found) => {
      if (gone) return;
      status = found;
      found.addEventListener("change", onChange);
    })
    .catch(() => undefined);
  return () => {
    gone = true;
    status?.removeEventListener("change", onChange);
  };
}
