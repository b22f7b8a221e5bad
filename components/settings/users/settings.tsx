"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { LockedNote, SettingsHeader } from "@/components/settings/settings-shell";
import { AddUserDialog, type AddUserDefaults } from "@/components/settings/users/add-dialog";
import { UserRow } from "@/components/settings/users/row";
import { PersonAvatar } from "@/components/ui/avatar";
import { UserPlusIcon } from "@/components/ui/icons";
import { QueryState } from "@/components/ui/query-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ROLES } from "@/lib/api/roles";
import { userAdminRefusal } from "@/lib/api/users";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/client/format";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { teamQueries } from "@/lib/client/queries/team";
import { useViewer } from "@/lib/client/viewer";

/**
 * Settings › Users: who may sign in to the inbox, with which role, acting as which team member.
 * Everyone reads it; admins add users, change roles and members, reset passwords and remove
 * users (the same operations as `npm run users`). The BFF refuses anyone else.
 */
export function UsersSettings() {
  const viewer = useViewer();
  const users = useQuery(inboxQueries.users());
  const members = useQuery(teamQueries.members());
  const [adding, setAdding] = useState<AddUserDefaults | null>(null);
  const refusal = userAdminRefusal(viewer, null, "add");

  const linked = new Set(users.data?.map((u) => u.memberId).filter(Boolean));
  const withoutLogin = users.data && members.data ? members.data.filter((m) => !linked.has(m.id)) : [];

  return (
    <>
      <SettingsHeader
        title="Users"
        description="The people who can sign in to this inbox. Each acts as one member of the team in the messaging service: what is assigned to that member is theirs."
      >
        {refusal ? null : (
          <Button onClick={() => setAdding({})}>
            <UserPlusIcon aria-hidden />
            Add user
          </Button>
        )}
      </SettingsHeader>
      {refusal ? (
        <LockedNote>Only admins can add, change or remove users. Ask one if someone needs access or a different role.</LockedNote>
      ) : null}
      <QueryState
        query={users}
        loading="the users"
        skeleton={
          <>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </>
        }
      >
        {(data) => (
            <div className="rounded-lg border">
              {/* Column names for sighted users; each control carries its own label for screen readers. */}
              <div aria-hidden className="hidden gap-x-4 border-b bg-muted/40 px-4 py-2 text-xs font-medium text-muted-foreground sm:flex">
                <span className="flex-1 pl-13">User</span>
                <span className="w-36">Role</span>
                <span className="w-48">Acts as team member</span>
                <span className="w-9" />
              </div>
              <ul aria-label="Users" className="divide-y">
                {data.map((user) => (
                  <li key={user.id}>
                    <UserRow user={user} users={data} members={members.data} viewer={viewer} />
                  </li>
                ))}
              </ul>
            </div>
        )}
      </QueryState>
      {!refusal && withoutLogin.length > 0 ? (
        <section aria-labelledby="without-login" className="mt-10">
          <h2 id="without-login" className="text-base font-semibold">
            Team members without a login
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">Members of the team in the messaging service who can&apos;t sign in to this inbox yet.</p>
          <ul className="mt-3 divide-y rounded-lg border">
            {withoutLogin.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <PersonAvatar name={member.name} src={member.avatarUrl} className="size-8" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{member.name}</p>
                  <p className="truncate text-xs text-muted-foreground">{member.email}</p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setAdding({ name: member.name, email: member.email, memberId: member.id })} aria-label={`Add ${member.name} as a user`}>
                  Add as user
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="roles" className="mt-10">
        <h2 id="roles" className="text-base font-semibold">
          Roles
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
          {ROLES.map((role) => (
            <div key={role} className="contents">
              <dt className="font-medium">{ROLE_LABELS[role]}</dt>
              <dd className="text-muted-foreground">{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <AddUserDialog defaults={adding} members={members.data} users={users.data} onClose={() => setAdding(null)} />
    </>
  );
}
