"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NewUser, UserPatch } from "@/lib/api/users";
import { inboxApi } from "@/lib/client/inbox-api";
import { inboxQueries } from "@/lib/client/queries/inbox";

/**
 * Admins' changes to the inbox's users (lib/api/users). Each waits for the server, which holds
 * the rules (the last admin, one user per member), then reads the list again; the forms show a
 * refusal as the error table's sentence.
 */
export function useUserMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: inboxQueries.users().queryKey });
  return {
    add: useMutation({ mutationFn: (user: NewUser) => inboxApi("users.create", { body: user }), onSettled: refresh }),
    update: useMutation({
      mutationFn: ({ userId, patch }: { userId: string; patch: UserPatch }) => inboxApi("users.update", { params: { userId }, body: patch }),
      onSettled: refresh,
    }),
    resetPassword: useMutation({
      mutationFn: ({ userId, password }: { userId: string; password: string }) => inboxApi("users.setPassword", { params: { userId }, body: { password } }),
    }),
    remove: useMutation({ mutationFn: (userId: string) => inboxApi("users.delete", { params: { userId } }), onSettled: refresh }),
  };
}
