"use client";

import { useId, useState, type FormEvent } from "react";

import { FormFooter, useFormProblem } from "@/components/settings/form-problems";
import { PasswordField, PasswordToShare } from "@/components/settings/users/dialogs";
import { MemberSelect, RoleSelect } from "@/components/settings/users/fields";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api/errors";
import type { Role } from "@/lib/api/roles";
import type { Member } from "@/lib/api/team";
import { fieldProblem, userEmail, userName, userPassword, type InboxUser } from "@/lib/api/users";
import { errorMessage } from "@/lib/client/errors";
import { useUserMutations } from "@/lib/client/mutations/users";
import { generatePassword } from "@/lib/client/settings/password";

export type AddUserDefaults = { name?: string; email?: string; memberId?: string };

type Field = "name" | "email" | "password";

/**
 * Adding a user: name, email, role, the member they act as (a member of the team found by
 * GET /members, or none yet) and a first password, generated to pass on. Opened empty from
 * "Add user", or filled from a team member without a login. Problems show beside their field
 * in the server's own sentences, and nothing typed is lost to a stray click outside.
 */
export function AddUserDialog({
  defaults,
  members,
  users,
  onClose,
}: {
  /** Null while closed. */
  defaults: AddUserDefaults | null;
  members: Member[] | undefined;
  users: InboxUser[] | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={defaults !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {defaults ? <AddUserForm key={JSON.stringify(defaults)} defaults={defaults} members={members} users={users} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AddUserForm({ defaults, members, users, onClose }: { defaults: AddUserDefaults; members: Member[] | undefined; users: InboxUser[] | undefined; onClose: () => void }) {
  const id = useId();
  const { add } = useUserMutations();
  const [name, setName] = useState(defaults.name ?? "");
  const [email, setEmail] = useState(defaults.email ?? "");
  const [role, setRole] = useState<Role>("member");
  const [memberId, setMemberId] = useState<string | null>(defaults.memberId ?? null);
  const [password, setPassword] = useState(generatePassword);
  const { problem, setProblem, fieldProps, problemFor } = useFormProblem<Field>(id);
  const [added, setAdded] = useState<InboxUser | null>(null);
  const dirty = name !== (defaults.name ?? "") || email !== (defaults.email ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checks: [Field, string | null][] = [
      ["name", fieldProblem(userName, name)],
      ["email", fieldProblem(userEmail, email)],
      ["password", fieldProblem(userPassword, password)],
    ];
    const first = checks.find(([, text]) => text !== null);
    if (first) {
      setProblem({ field: first[0], text: first[1]! });
      document.getElementById(`${id}-${first[0]}`)?.focus();
      return;
    }
    setProblem(null);
    add.mutate(
      { name, email, role, password, memberId },
      {
        onSuccess: setAdded,
        onError: (error) => setProblem({ field: isApiError(error) && error.code === "userExists" ? "email" : "form", text: errorMessage(error) }),
      },
    );
  };

  return (
    <DialogContent onInteractOutside={(event) => (dirty && !added ? event.preventDefault() : undefined)}>
      <DialogHeader>
        <DialogTitle>{added ? `${added.name} can sign in` : "Add a user"}</DialogTitle>
        <DialogDescription>{added ? `They sign in at this inbox's address with ${added.email}.` : "Someone who may sign in to this inbox."}</DialogDescription>
      </DialogHeader>
      {added ? (
        <>
          <PasswordToShare who={added.name} password={password} />
          <DialogFooter>
            <Button onClick={onClose}>Done</Button>
          </DialogFooter>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              Name
            </label>
            <Input {...fieldProps("name")} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" autoFocus />
            {problemFor("name")}
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-email`} className="text-sm font-medium">
              Email
            </label>
            <Input {...fieldProps("email")} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
            {problemFor("email")}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <span id={`${id}-role-label`} className="text-sm font-medium">
                Role
              </span>
              <RoleSelect value={role} onChange={setRole} labelledBy={`${id}-role-label`} />
            </div>
            <div className="grid gap-1.5">
              <span id={`${id}-member-label`} className="text-sm font-medium">
                Acts as team member
              </span>
              <MemberSelect value={memberId} onChange={setMemberId} members={members} users={users} self={null} labelledBy={`${id}-member-label`} />
            </div>
          </div>
          <PasswordField id={`${id}-password`} value={password} onChange={setPassword} problem={problem?.field === "password" ? problem.text : null} />
          <FormFooter problem={problem} pending={add.isPending} onCancel={onClose}>
            Add user
          </FormFooter>
        </form>
      )}
    </DialogContent>
  );
}
