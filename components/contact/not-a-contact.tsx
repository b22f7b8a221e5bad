"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { UserRoundXIcon } from "@/components/ui/icons";
import type { Profile } from "@/lib/api/contacts";
import type { Thread } from "@/lib/api/threads";
import { personName } from "@/lib/client/format";
import { conversationStarts } from "@/lib/client/thread/new-conversation";
import { teamQueries } from "@/lib/client/queries/team";

import { ContactSection } from "./contact-section";
import { NewConversation } from "./new-conversation";
import { ProfileCard } from "./profile-card";

/** A thread whose person has no contact: their profile, and why there is nothing to edit. */
export function NotAContact({ thread }: { thread: Thread }) {
  const team = useQuery(teamQueries.team());
  const platforms = useQuery(teamQueries.platforms());
  const accountLinks = useQuery(teamQueries.accountLinks());
  const profile: Profile | undefined = thread.profile;
  const name = personName(profile);
  const starts = useMemo(
    () =>
      conversationStarts({
        contactId: null,
        profiles: profile ? [profile] : [],
        threads: [thread],
        accountLinks: accountLinks.data ?? [],
        platforms: platforms.data,
        addOns: team.data?.addOns,
      }),
    [profile, thread, accountLinks.data, platforms.data, team.data?.addOns],
  );

  return (
    <div className="pb-6">
      <header className="px-4 pt-4 pb-4 in-[[role=dialog]]:pr-12">
        {profile ? (
          <ProfileCard profile={profile} platformName={platforms.data?.find((p) => p.platform === profile.platform)?.name ?? profile.platform} prominent />
        ) : (
          <h2 className="text-base font-semibold">Unknown person</h2>
        )}
      </header>
      <ContactSection title="Contact">
        <div className="flex gap-2.5 text-sm text-muted-foreground">
          <UserRoundXIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{name} isn&apos;t a contact yet, so there&apos;s no status, tags, notes or valuation to keep for them.</p>
        </div>
      </ContactSection>
      <NewConversation
        contactId={null}
        personName={name}
        starts={starts}
        loading={accountLinks.isPending}
        loadError={accountLinks.error}
        onRetryLoad={() => void accountLinks.refetch()}
      />
    </div>
  );
}
