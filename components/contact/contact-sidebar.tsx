"use client";

import { useQuery } from "@tanstack/react-query";
import { memo, useId, useMemo, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { SidebarSkeleton } from "@/components/contact/sidebar-skeleton";
import { CircleAlertIcon } from "@/components/ui/icons";
import type { Contact } from "@/lib/api/contacts";
import type { Thread } from "@/lib/api/threads";
import { errorMessage } from "@/lib/client/errors";
import { personName } from "@/lib/client/format";
import { assigneeSplit } from "@/lib/client/contact/assignees";
import { useAfterPaint } from "@/lib/client/hooks/use-after-paint";
import { useThreadActions } from "@/lib/client/hooks/use-thread-actions";
import { useCreateTag, useUpdateContact } from "@/lib/client/mutations/contacts";
import { conversationStarts } from "@/lib/client/thread/new-conversation";
import { contactThreadQueries } from "@/lib/client/queries/contact-threads";
import { isNotFound } from "@/lib/client/thread/forget-thread";
import { useThreadDetail } from "@/lib/client/thread/use-thread-detail";
import { contactQueries } from "@/lib/client/queries/contacts";
import { teamQueries } from "@/lib/client/queries/team";
import { hasRole, useViewer } from "@/lib/client/viewer";

import { AssigneeSplitNote } from "./assignee-split";
import { ContactAssignee } from "./contact-assignee";
import { ContactNotes } from "./contact-notes";
import { ContactActivity } from "./contact-activity";
import { ContactSection } from "./contact-section";
import { ContactStatus } from "./contact-status";
import { ContactTags } from "./contact-tags";
import { ContactValuation } from "./contact-valuation";
import { NewConversation } from "./new-conversation";
import { NotAContact } from "./not-a-contact";
import { ProfileCard } from "./profile-card";
import { TooltipProvider } from "@/components/ui/tooltip";

/**
 * The person beside the open conversation: their profiles on every platform, and what the team
 * keeps about them — status, assignee, valuation, tags, notes — editable in place, plus where
 * else the team could start talking with them. It reads the same thread query as the thread
 * pane (cached), and the contact, showing the thread's embedded copy until that arrives.
 */
export function ContactSidebar({ threadId }: { threadId: string }) {
  // Opening a thread draws its conversation first; the contact follows in the idle time after
  // that frame (the previous contact stays for that moment), so it never holds the messages up.
  const shownId = useAfterPaint(threadId, null);
  return shownId === null ? (
    <SidebarSkeleton />
  ) : (
    <TooltipProvider>
      <ContactSidebarOf threadId={shownId} />
    </TooltipProvider>
  );
}

const ContactSidebarOf = memo(function ContactSidebarOf({ threadId }: { threadId: string }) {
  const threadQuery = useThreadDetail(threadId);
  const thread = threadQuery.data;
  const contactId = thread?.contactId ?? null;
  const contactQuery = useQuery({ ...contactQueries.detail(contactId ?? "none"), enabled: contactId !== null });
  const contact = contactQuery.data ?? thread?.contact ?? null;

  let body: ReactNode;
  if (isNotFound(threadQuery.error)) {
    // Gone: the conversation's pane says so; nothing here to try again.
    body = <p className="p-4 text-sm text-muted-foreground">{errorMessage(threadQuery.error)}</p>;
  } else if (!thread) {
    body = threadQuery.isError ? (
      <LoadError what="this conversation's contact" error={threadQuery.error} onRetry={() => void threadQuery.refetch()} />
    ) : (
      <SidebarSkeleton />
    );
  } else if (contactId === null) {
    body = <NotAContact thread={thread} />;
  } else if (!contact) {
    body = contactQuery.isError ? (
      <LoadError what="this contact" error={contactQuery.error} onRetry={() => void contactQuery.refetch()} />
    ) : (
      <SidebarSkeleton />
    );
  } else {
    body = (
      // Keyed by contact: drafts (notes, valuation) belong to one person and must not carry over.
      <ContactDetails
        key={contact.id}
        thread={thread}
        contact={contact}
        stale={contactQuery.isError && !contactQuery.data ? { error: contactQuery.error, retry: () => void contactQuery.refetch() } : null}
      />
    );
  }

  return <div className="@container h-full min-h-0 overflow-y-auto">{body}</div>;
});

function ContactDetails({ thread, contact, stale }: { thread: Thread; contact: Contact; stale: { error: unknown; retry: () => void } | null }) {
  const viewer = useViewer();
  const manager = hasRole(viewer, "manager");
  const ids = useId();
  const team = useQuery(teamQueries.team());
  const members = useQuery(teamQueries.members());
  const tags = useQuery(teamQueries.tags());
  const statuses = useQuery(teamQueries.statuses());
  const colors = useQuery(teamQueries.colors());
  const platforms = useQuery(teamQueries.platforms());
  const accountLinks = useQuery(teamQueries.accountLinks());
  const threads = useQuery(contactThreadQueries.list(contact.id));
  const update = useUpdateContact();
  const createTag = useCreateTag();

  const platformName = (platform: string) => platforms.data?.find((p) => p.platform === platform)?.name ?? platform;
  const primary = contact.profiles.find((p) => p.id === thread.profileId) ?? thread.profile ?? contact.profiles[0] ?? null;
  const others = contact.profiles.filter((p) => p.id !== primary?.id);
  const name = personName(primary);
  // The thread has its own assignee, apart from the contact's: said side by side so neither hides the other.
  const split = assigneeSplit(thread, contact.assigneeId);
  // The thread as it stands with this contact: one action's undo puts back what the panel shows.
  const current: Thread = { ...thread, contact };
  const act = useThreadActions();

  const starts = useMemo(
    () =>
      conversationStarts({
        contactId: contact.id,
        profiles: contact.profiles,
        // The open thread counts even before the list has it.
        threads: [...(threads.data ?? []), thread],
        accountLinks: accountLinks.data ?? [],
        platforms: platforms.data,
        addOns: team.data?.addOns,
      }),
    [contact.id, contact.profiles, threads.data, thread, accountLinks.data, platforms.data, team.data?.addOns],
  );

  const contactId = contact.id;
  const statusLabel = `${ids}-status`;
  const assigneeLabel = `${ids}-assignee`;
  const valuationInput = `${ids}-valuation`;

  return (
    <div className="pb-6">
      <header className="px-4 pt-4 pb-4 in-[[role=dialog]]:pr-12">
        {primary ? (
          <ProfileCard profile={primary} platformName={platformName(primary.platform)} prominent />
        ) : (
          <h2 className="text-base font-semibold">Unknown person</h2>
        )}
        {stale ? <StaleNotice error={stale.error} onRetry={stale.retry} /> : null}
      </header>

      {others.length > 0 ? (
        <ContactSection title={`Other profiles (${others.length})`}>
          <ul className="grid gap-4">
            {others.map((profile) => (
              <li key={profile.id}>
                <ProfileCard profile={profile} platformName={platformName(profile.platform)} />
              </li>
            ))}
          </ul>
        </ContactSection>
      ) : null}

      <ContactSection title="Pipeline">
        <div className="grid grid-cols-[5rem_minmax(0,1fr)] items-start gap-x-2 gap-y-1.5">
          <span id={statusLabel} className="py-1.5 text-sm text-muted-foreground">
            Status
          </span>
          <ContactStatus
            statusId={contact.statusId}
            statuses={statuses.data}
            colors={colors.data}
            labelId={statusLabel}
            onChange={(status) => act({ kind: "status", statusId: status?.id ?? null, statusName: status?.name ?? "No status" }, current)}
          />

          <span id={assigneeLabel} className="py-1.5 text-sm text-muted-foreground">
            Assignee
          </span>
          <ContactAssignee
            assigneeId={contact.assigneeId}
            members={members.data}
            viewerMemberId={viewer.memberId}
            manager={manager}
            labelId={assigneeLabel}
            onAssign={(member) =>
              update.mutate({
                contactId,
                patch: { assigneeId: member?.id ?? null },
                label: member ? `assign the contact to ${member.name}` : "unassign the contact",
              })
            }
          />

          <label htmlFor={valuationInput} className="py-1.5 text-sm text-muted-foreground">
            Valuation
          </label>
          <ContactValuation
            value={contact.valuation}
            currency={team.data?.currency}
            inputId={valuationInput}
            onSave={(valuation) => update.mutate({ contactId, patch: { valuation }, label: valuation === null ? "clear the valuation" : "save the valuation" })}
          />
        </div>

        {split ? (
          <AssigneeSplitNote
            split={split}
            members={members.data}
            viewer={{ memberId: viewer.memberId, manager }}
            onAlign={(member) => update.mutate({ contactId, patch: { assigneeId: member.id }, label: `assign the contact to ${member.name}` })}
          />
        ) : null}
      </ContactSection>

      <ContactSection title="Tags">
        <ContactTags
          tagIds={contact.tagIds}
          tags={tags.data}
          colors={colors.data}
          canCreate={manager}
          creating={createTag.isPending}
          onToggle={(tag, add) => act({ kind: "tag", tagId: tag.id, tagName: tag.name, add }, current)}
          onCreate={(tagName) =>
            createTag
              .mutateAsync({ name: tagName })
              .then((tag) => act({ kind: "tag", tagId: tag.id, tagName: tag.name, add: true }, current))
              // The hook has said what went wrong.
              .catch(() => undefined)
          }
        />
      </ContactSection>

      <ContactNotes contactId={contactId} notes={contact.notes} personName={name} />

      <ContactActivity contactId={contactId} />

      <NewConversation
        contactId={contactId}
        personName={name}
        starts={starts}
        loading={threads.isPending || accountLinks.isPending}
        loadError={threads.error ?? accountLinks.error}
        onRetryLoad={() => {
          void threads.refetch();
          void accountLinks.refetch();
        }}
      />
    </div>
  );
}

function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <span className="grid size-9 place-items-center rounded-full bg-destructive/10 text-destructive">
        <CircleAlertIcon className="size-4" aria-hidden />
      </span>
      <p className="text-sm font-medium">Couldn&apos;t load {what}</p>
      <p className="max-w-64 text-sm text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" size="sm" className="mt-1" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The contact could not be refreshed; what shows is the copy embedded in the thread. */
function StaleNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="status" className="mt-3 flex flex-wrap items-center gap-2 rounded-md bg-muted/60 px-2.5 py-2 text-xs text-muted-foreground">
      <span className="min-w-0 flex-1">Couldn&apos;t refresh this contact: it may be out of date. {errorMessage(error)}</span>
      <Button variant="outline" size="sm" className="h-6 px-2 text-xs" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
