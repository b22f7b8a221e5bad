"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { inboxUser, type NewUser, type UserPatch } from "@/lib/api/users";
import { inboxQueries, sendJson } from "@/lib/client/queries/inbox";

/**
 * Admins' changes to the inbox's users (lib/api/users). Each waits for the server, which holds
 * the rules (the last admin, one user per member), then reads the list again; the forms show a
 * refusal as the error table's sentence.
 */
export function useUserMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: inboxQueries.users().queryKey });
  const path = (userId: string) => `/api/inbox/users/${encodeURIComponent(userId)}`;
  return {
    add: useMutation({ mutationFn: (user: NewUser) => sendJson("POST", "/api/inbox/users", user, inboxUser), onSettled: refresh }),
    update: useMutation({
      mutationFn: ({ userId, patch }: { userId: string; patch: UserPatch }) => sendJson("PATCH", path(userId), patch, inboxUser),
      onSettled: refresh,
    }),
    resetPassword: useMutation({
      mutationFn: ({ userId, password }: { userId: string; password: string }) => sendJson("PUT", `${path(userId)}/password`, { password }, z.undefined()),
    }),
    remove: useMutation({ mutationFn: (userId: string) => sendJson("DELETE", path(userId), undefined, z.undefined()), onSettled: refresh }),
  };
}
