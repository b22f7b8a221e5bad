"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogConfirmFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CheckIcon, CopyIcon, EyeIcon, EyeOffIcon, LoaderCircleIcon, RefreshCwIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { fieldProblem, userPassword, type InboxUser } from "@/lib/api/users";
import { errorMessage, toastError } from "@/lib/client/errors";
import { useUserMutations } from "@/lib/client/mutations/users";
import { generatePassword } from "@/lib/client/settings/password";
import { toast } from "@/lib/client/stores/toasts";

/**
 * A password field for someone else's password: filled with a generated one, shown so it can
 * be checked and copied, replaceable by typing or by generating another.
 */
export function PasswordField({ id, value, onChange, problem }: { id: string; value: string; onChange: (value: string) => void; problem: string | null }) {
  const [shown, setShown] = useState(true);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Password
      </label>
      <div className="flex gap-1.5">
        <Input
          id={id}
          type={shown ? "text" : "password"}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="new-password"
          spellCheck={false}
          className="font-mono"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
        />
        <Button type="button" variant="outline" size="icon" onClick={() => setShown(!shown)} aria-label={shown ? "Hide the password" : "Show the password"} aria-pressed={shown}>
          {shown ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
        </Button>
        <Button type="button" variant="outline" size="icon" onClick={() => onChange(generatePassword())} aria-label="Generate another password">
          <RefreshCwIcon aria-hidden />
        </Button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-destructive">
          {problem}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          At least 8 characters. Share it with them privately; it is not shown again.
        </p>
      )}
    </div>
  );
}

/** The password just set, to copy before the dialog closes: the inbox never shows it again. */
export function PasswordToShare({ who, password }: { who: string; password: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      toast({ title: "Couldn't copy", description: "Select the password and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <div className="grid gap-2">
      <p className="text-sm">Give {who} this password privately. It isn&apos;t shown again.</p>
      <div className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2">
        <code className="flex-1 font-mono text-base select-all" aria-label="The new password">
          {password}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}

/**
 * An admin sets a new password for a user, whose sessions end; then shows it to pass on.
 * Mounted when opened, so each opening starts from a fresh generated password.
 */
export function ResetPasswordDialog({ user, self, onClose }: { user: InboxUser; self: boolean; onClose: () => void }) {
  const { resetPassword } = useUserMutations();
  const router = useRouter();
  const [password, setPassword] = useState(generatePassword);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = fieldProblem(userPassword, password);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    resetPassword.mutate({ userId: user.id, password }, { onSuccess: () => setDone(password), onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset {user.name}&apos;s password</DialogTitle>
          <DialogDescription>
            {self ? "You will be signed out everywhere, this tab included, and sign in again with the new password." : `${user.name} is signed out everywhere and signs in with the new password.`}
          </DialogDescription>
        </DialogHeader>
        {done ? (
          <>
            <PasswordToShare who={self ? "yourself" : user.name} password={done} />
            <DialogFooter>
              <Button onClick={() => (self ? router.push("/login") : onClose())}>{self ? "Sign in again" : "Done"}</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <PasswordField id={`reset-${user.id}`} value={password} onChange={setPassword} problem={problem} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={resetPassword.isPending}>
                {resetPassword.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
                Set password
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The confirmation before removing a user. */
export function RemoveUserDialog({ user, open, onOpenChange }: { user: InboxUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { remove } = useUserMutations();
  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: () => toast({ title: `Removed ${user.name}`, description: "They were signed out everywhere." }),
      onError: (error) => toastError(`Couldn't remove ${user.name}`, error),
    });
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>Remove {user.name}?</AlertDialogTitle>
        <AlertDialogDescription>
          {user.email} can no longer sign in and is signed out everywhere at once. Conversations assigned to their team member stay assigned; reassign them from the workload page.
        </AlertDialogDescription>
        <AlertDialogConfirmFooter confirmLabel="Remove user" onConfirm={confirm} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
