"use client";

import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Contact, ContactPatch } from "@/lib/api/contacts";
import type { Page } from "@/lib/api/primitives";
import type { Thread } from "@/lib/api/threads";
import { api, OUTLIVES_PAGE } from "@/lib/client/api";
import { toastError } from "@/lib/client/errors";
import { noteOwnChange } from "@/lib/client/list/own-changes";
import { inboxQueries } from "@/lib/client/queries/inbox";
import { contactQueries } from "@/lib/client/queries/contacts";
import { teamQueries } from "@/lib/client/queries/team";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * Changing what the team says about a person: status, tags, notes, valuation, assignee. The
 * contact shows in the sidebar, in list rows and in the open thread, so every write patches
 * all of them at once, rolls back with a toast when refused, then reconciles.
 */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ contactId, patch }: { contactId: string; patch: ContactPatch; label?: string }) =>
      (await api.contacts.update(contactId, patch, OUTLIVES_PAGE)).body,
    onMutate: async ({ contactId, patch }) => {
      noteOwnChange({ contactId });
      const restore = await prepare(queryClient, contactId);
      const statuses = queryClient.getQueryData(teamQueries.statuses().queryKey);
      patchContactEverywhere(queryClient, contactId, (c) => {
        const next: Contact = { ...c };
        if (patch.notes !== undefined) next.notes = patch.notes;
        if (patch.valuation !== undefined) next.valuation = patch.valuation;
        if (patch.assigneeId !== undefined) next.assigneeId = patch.assigneeId;
        if (patch.status !== undefined) {
          next.statusId = patch.status === null ? null : (statuses?.find((s) => s.id === patch.status || s.name === patch.status)?.id ?? c.statusId);
        }
        return next;
      });
      return { restore };
    },
    onError: (error, { label }, context) => {
      context?.restore();
      toastError(label ? `Couldn't ${label}` : "Couldn't change the contact", error);
    },
    onSuccess: (contact) => patchContactEverywhere(queryClient, contact.id, () => contact),
    onSettled: (_d, _e, { contactId, patch }) => settle(queryClient, contactId, patch.assigneeId !== undefined),
  });
}

/** Adding or removing one tag (by ID or name); idempotent on the API's side. */
export function useToggleTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ contactId, tagId, add }: { contactId: string; tagId: string; add: boolean }) =>
      (add ? await api.contacts.addTag(contactId, tagId, OUTLIVES_PAGE) : await api.contacts.removeTag(contactId, tagId, OUTLIVES_PAGE)).body,
    onMutate: async ({ contactId, tagId, add }) => {
      noteOwnChange({ contactId });
      const restore = await prepare(queryClient, contactId);
      patchContactEverywhere(queryClient, contactId, (c) => ({
        ...c,
        tagIds: add ? [...new Set([...c.tagIds, tagId])] : c.tagIds.filter((id) => id !== tagId),
      }));
      return { restore };
    },
    onError: (error, { add }, context) => {
      context?.restore();
      toastError(add ? "Couldn't add the tag" : "Couldn't remove the tag", error);
    },
    onSuccess: (contact) => patchContactEverywhere(queryClient, contact.id, () => contact),
    onSettled: (_d, _e, { contactId }) => settle(queryClient, contactId, false),
  });
}

/** Creating a tag (managers), then adding it to the contact: "create on type". */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name }: { name: string }) => (await api.tags.create({ name })).body,
    onError: (error) => toastError("Couldn't create the tag", error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueries.tags().queryKey }),
  });
}

/** Applies a change to a contact wherever it is cached: its detail, and threads that embed it. */
export function patchContactEverywhere(queryClient: QueryClient, contactId: string, change: (contact: Contact) => Contact): void {
  queryClient.setQueryData<Contact>(contactQueries.detail(contactId).queryKey, (c) => (c ? change(c) : c));
  const inThread = (t: Thread): Thread => {
    if (t.contactId !== contactId || !t.contact) return t;
    const contact = change(t.contact);
    // A thread without its own assignee shows its contact's.
    const assigneeId = t.assigneeSource === "thread" ? t.assigneeId : contact.assigneeId;
    return { ...t, contact, assigneeId, assigneeSource: t.assigneeSource === "thread" ? "thread" : assigneeId ? "contact" : null };
  };
  queryClient.setQueriesData<InfiniteData<Page<Thread>>>({ queryKey: threadQueries.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map(inThread) })) } : data,
  );
  queryClient.setQueriesData<Thread>({ queryKey: threadQueries.details() }, (t) => (t ? inThread(t) : t));
}

async function prepare(queryClient: QueryClient, contactId: string): Promise<() => void> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: contactQueries.detail(contactId).queryKey }),
    queryClient.cancelQueries({ queryKey: threadQueries.all() }),
  ]);
  const saved = [
    ...queryClient.getQueriesData({ queryKey: contactQueries.detail(contactId).queryKey }),
    ...queryClient.getQueriesData({ queryKey: threadQueries.lists() }),
    ...queryClient.getQueriesData({ queryKey: threadQueries.details() }),
  ];
  return () => {
    for (const [key, data] of saved) queryClient.setQueryData(key, data);
  };
}

function settle(queryClient: QueryClient, contactId: string, countsChanged: boolean) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactQueries.detail(contactId).queryKey }),
    countsChanged ? queryClient.invalidateQueries({ queryKey: inboxQueries.counts().queryKey }) : undefined,
  ]);
}
