"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ROLES, type Role } from "@/lib/api/roles";
import type { Member } from "@/lib/api/team";
import type { InboxUser } from "@/lib/api/users";
import { ROLE_LABELS } from "@/lib/client/format";

/** The pickers the users page shares between its rows and the "Add a user" form. */

const NO_MEMBER = "none";

export function RoleSelect({ value, onChange, labelledBy, disabled, size }: { value: Role; onChange: (role: Role) => void; labelledBy: string; disabled?: boolean; size?: "sm" }) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as Role)} disabled={disabled}>
      <SelectTrigger aria-labelledby={labelledBy} size={size} className="w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The team member a user acts as: one user per member, so members taken by others show who holds them. */
export function MemberSelect({
  value,
  onChange,
  members,
  users,
  self,
  labelledBy,
  disabled,
  size,
}: {
  value: string | null;
  onChange: (memberId: string | null) => void;
  members: Member[] | undefined;
  users: InboxUser[] | undefined;
  /** The user being edited, who may keep their own member. */
  self: string | null;
  labelledBy: string;
  disabled?: boolean;
  size?: "sm";
}) {
  return (
    <Select value={value ?? NO_MEMBER} onValueChange={(next) => onChange(next === NO_MEMBER ? null : next)} disabled={disabled}>
      <SelectTrigger aria-labelledby={labelledBy} size={size} className="w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NO_MEMBER}>Not linked</SelectItem>
        {members?.map((member) => {
          const holder = users?.find((u) => u.memberId === member.id && u.id !== self);
          return (
            <SelectItem key={member.id} value={member.id} disabled={holder !== undefined} textValue={member.name}>
              {member.name}
              {holder ? <span className="text-xs text-muted-foreground"> — {holder.name}</span> : null}
            </SelectItem>
          );
        })}
      </SelectContent>
    </Select>
  );
}
