"use client";

import { useId, useState } from "react";

import { RemoveUserDialog, ResetPasswordDialog } from "@/components/settings/users/dialogs";
import { MemberSelect, RoleSelect } from "@/components/settings/users/fields";
import { PersonAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { KeyRoundIcon, LoaderCircleIcon, MoreHorizontalIcon, UserMinusIcon } from "@/components/ui/icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Member } from "@/lib/api/team";
import { userAdminRefusal, type InboxUser, type UserPatch } from "@/lib/api/users";
import { toastError } from "@/lib/client/errors";
import { ROLE_LABELS } from "@/lib/client/format";
import { useUserMutations } from "@/lib/client/mutations/users";
import type { ClientViewer } from "@/lib/client/viewer";

/**
 * One inbox user: who they are, their role and the member they act as, each changeable in
 * place by an admin; reset password and remove in the row's menu. What the viewer may not
 * change shows as text, with the reason on hover and to screen readers.
 */
export function UserRow({ user, users, members, viewer }: { user: InboxUser; users: InboxUser[]; members: Member[] | undefined; viewer: ClientViewer }) {
  const id = useId();
  const { update } = useUserMutations();
  const [dialog, setDialog] = useState<"password" | "remove" | null>(null);
  const self = user.id === viewer.userId;
  const roleRefusal = userAdminRefusal(viewer, user.id, "role");
  const editRefusal = userAdminRefusal(viewer, user.id, "edit");
  const removeRefusal = userAdminRefusal(viewer, user.id, "remove");
  // Below admin the page's note says once why nothing here changes; each value need not repeat it.
  const said = userAdminRefusal(viewer, null, "edit") !== null;
  const pending = update.isPending ? update.variables.patch : null;

  const change = (patch: UserPatch, what: string) =>
    update.mutate({ userId: user.id, patch }, { onError: (error) => toastError(`Couldn't change ${user.name}'s ${what}`, error) });

  const member = members?.find((m) => m.id === user.memberId);
  const memberText = user.memberId === null ? "Not linked" : (member?.name ?? user.memberId);

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" aria-label={user.name} role="group">
      <PersonAvatar name={user.name} src={null} className="size-9" />
      <div className="min-w-40 flex-1">
        <p className="truncate text-sm font-medium">
          {user.name}
          {self ? <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span> : null}
        </p>
        <p className="truncate text-xs text-muted-foreground">{user.email}</p>
      </div>

      <div className="flex w-36 items-center gap-1.5">
        <span id={`${id}-role`} className="sr-only">
          Role of {user.name}
        </span>
        {roleRefusal ? (
          <Locked reason={said ? null : roleRefusal} labelledBy={`${id}-role`}>
            {ROLE_LABELS[user.role]}
          </Locked>
        ) : (
          <RoleSelect value={pending?.role ?? user.role} onChange={(role) => change({ role }, "role")} labelledBy={`${id}-role`} disabled={pending !== null} size="sm" />
        )}
      </div>

      <div className="flex w-48 items-center gap-1.5">
        <span id={`${id}-member`} className="sr-only">
          Team member {user.name} acts as
        </span>
        {editRefusal || !members ? (
          <Locked reason={said ? null : (editRefusal ?? "Loading the team's members…")} labelledBy={`${id}-member`}>
            {memberText}
          </Locked>
        ) : (
          <MemberSelect
            value={pending && "memberId" in pending ? (pending.memberId ?? null) : user.memberId}
            onChange={(memberId) => change({ memberId }, "team member")}
            members={members}
            users={users}
            self={user.id}
            labelledBy={`${id}-member`}
            disabled={pending !== null}
            size="sm"
          />
        )}
        {pending ? <LoaderCircleIcon className="size-4 shrink-0 animate-spin text-muted-foreground" aria-label="Saving" /> : null}
      </div>

      {editRefusal ? (
        <span className="w-9" aria-hidden />
      ) : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`More for ${user.name}`}>
              <MoreHorizontalIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setDialog("password")}>
              <KeyRoundIcon aria-hidden />
              Reset password…
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" disabled={removeRefusal !== null} onSelect={() => setDialog("remove")} title={removeRefusal ?? undefined}>
              <UserMinusIcon aria-hidden />
              {removeRefusal ? "Remove (ask another admin)" : "Remove…"}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {dialog === "password" ? <ResetPasswordDialog user={user} self={self} onClose={() => setDialog(null)} /> : null}
      <RemoveUserDialog user={user} open={dialog === "remove"} onOpenChange={(open) => setDialog(open ? "remove" : null)} />
    </div>
  );
}

/** A value the viewer may not change: plain text, and why (when not said already) on hover, focus and to screen readers. */
function Locked({ reason, labelledBy, children }: { reason: string | null; labelledBy: string; children: React.ReactNode }) {
  const id = useId();
  if (reason === null) {
    return (
      <span aria-labelledby={`${labelledBy} ${id}-value`} role="group" className="truncate text-sm">
        <span id={`${id}-value`}>{children}</span>
      </span>
    );
  }
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} aria-labelledby={`${labelledBy} ${id}-value`} aria-describedby={`${id}-why`} className="truncate rounded-sm text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/50">
          <span id={`${id}-value`}>{children}</span>
          <span id={`${id}-why`} className="sr-only">
            {reason}
          </span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}
