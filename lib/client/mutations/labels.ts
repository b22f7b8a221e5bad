"use client";

import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { Status, StatusCreate, StatusPatch, Tag } from "@/lib/api/labels";
import { api } from "@/lib/client/api";
import { toastError } from "@/lib/client/errors";
import { moveInPipeline, type LabelKind } from "@/lib/client/settings/label-form";
import { contactQueries } from "@/lib/client/queries/contacts";
import { teamQueries } from "@/lib/client/queries/team";
import { threadQueries } from "@/lib/client/queries/threads";

/**
 * Creating, renaming, recoloring, moving and deleting the team's tags and statuses (managers).
 * The lists feed every picker and the pipeline board, so writes patch the cached list at
 * once, roll back when refused and then reconcile. A delete also changes contacts (their tags
 * or status), and a rename what thread filters by name match, so both mark threads and
 * contacts stale; off the inbox those queries are inactive, so that costs no request here.
 */
export type Label = Tag | Status;

/** Every label write of a kind: a refetch waits until the last one of a quick series settles. */
const labelMutationKey = (kind: LabelKind) => ["labels", kind] as const;

export function labelListKey(kind: LabelKind): QueryKey {
  return kind === "tag" ? teamQueries.tags().queryKey : teamQueries.statuses().queryKey;
}

/** Creating a label. Errors are the caller's to show (the form shows them inline). */
export function useCreateLabel(kind: LabelKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: labelMutationKey(kind),
    mutationFn: async (body: StatusCreate): Promise<Label> =>
      kind === "tag" ? (await api.tags.create({ name: body.name, color: body.color })).body : (await api.statuses.create(body)).body,
    onSuccess: (created) =>
      setList(queryClient, kind, (list) => (list.some((l) => l.id === created.id) ? list : inOrder(kind, [...list, created]))),
    onSettled: () => reconcile(queryClient, kind),
  });
}

export type UpdateLabelVariables = {
  label: Label;
  /** `position` only for statuses. */
  patch: StatusPatch;
  /** Set when the caller shows a refusal itself (the rename field); otherwise a toast says it. */
  inline?: boolean;
};

/** Renaming, recoloring or (statuses) moving a label, shown at once. */
export function useUpdateLabel(kind: LabelKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: labelMutationKey(kind),
    mutationFn: async ({ label, patch }: UpdateLabelVariables): Promise<Label> => {
      if (kind === "status") return (await api.statuses.update(label.id, patch)).body;
      const { position: _position, ...tagPatch } = patch;
      return (await api.tags.update(label.id, tagPatch)).body;
    },
    onMutate: async ({ label, patch }) => {
      const restore = await prepare(queryClient, kind);
      setList(queryClient, kind, (list) => {
        const changed = list.map((l) =>
          l.id === label.id ? { ...l, ...(patch.name !== undefined && { name: patch.name.trim() }), ...(patch.color !== undefined && { color: patch.color }) } : l,
        );
        return kind === "status" && patch.position !== undefined ? moveInPipeline(changed as Status[], label.id, patch.position) : changed;
      });
      return { restore };
    },
    onError: (error, { label, patch, inline }, context) => {
      context?.restore();
      if (!inline) toastError(`Couldn't ${patch.position !== undefined ? "move" : "change"} the ${kind} “${label.name}”`, error);
    },
    // A status is put where the API's answer says, whatever order a refetch that overtook the
    // write left in the list meanwhile (an event's refetch is not held back by `prepare`).
    onSuccess: (updated) =>
      setList(queryClient, kind, (list) => {
        const replaced = list.map((l) => (l.id === updated.id ? updated : l));
        return kind === "status" ? moveInPipeline(replaced as Status[], updated.id, (updated as Status).position) : replaced;
      }),
    onSettled: (_data, _error, { patch }) =>
      Promise.all([reconcile(queryClient, kind), patch.name !== undefined ? invalidateWhereShown(queryClient) : undefined]),
  });
}

/** Deleting a label: gone from the list at once; contacts lose it on the API's side. */
export function useDeleteLabel(kind: LabelKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: labelMutationKey(kind),
    mutationFn: async ({ label }: { label: Label }) => {
      if (kind === "tag") await api.tags.delete(label.id);
      else await api.statuses.delete(label.id);
    },
    onMutate: async ({ label }) => {
      const restore = await prepare(queryClient, kind);
      setList(queryClient, kind, (list) => {
        const rest = list.filter((l) => l.id !== label.id);
        // The stages after it move up one, as the API renumbers them.
        return kind === "status" ? (rest as Status[]).map((s, index) => (s.position === index ? s : { ...s, position: index })) : rest;
      });
      return { restore };
    },
    onError: (error, { label }, context) => {
      context?.restore();
      toastError(`Couldn't delete the ${kind} “${label.name}”`, error);
    },
    onSettled: () => Promise.all([reconcile(queryClient, kind), invalidateWhereShown(queryClient)]),
  });
}

/** Pages counted before giving up and saying "at least": 20 pages of 100 threads. */
function setList(queryClient: QueryClient, kind: LabelKind, change: (list: Label[]) => Label[]): void {
  queryClient.setQueryData<Label[]>(labelListKey(kind), (list) => (list ? change(list) : list));
}

/** Stops refetches that would overwrite the optimistic list, and keeps it to roll back to. */
async function prepare(queryClient: QueryClient, kind: LabelKind): Promise<() => void> {
  const key = labelListKey(kind);
  await queryClient.cancelQueries({ queryKey: key });
  const saved = queryClient.getQueryData<Label[]>(key);
  return () => queryClient.setQueryData(key, saved);
}

/**
 * Refetches the list once no other write of the kind is running: an earlier answer would
 * otherwise overwrite a later optimistic change (two quick moves down, say) until it settles.
 */
function reconcile(queryClient: QueryClient, kind: LabelKind) {
  if (queryClient.isMutating({ mutationKey: labelMutationKey(kind) }) > 1) return undefined;
  return queryClient.invalidateQueries({ queryKey: labelListKey(kind) });
}

function inOrder(kind: LabelKind, list: Label[]): Label[] {
  return kind === "status" ? [...(list as Status[])].sort((a, b) => a.position - b.position) : list;
}

function invalidateWhereShown(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: threadQueries.all() }),
    queryClient.invalidateQueries({ queryKey: contactQueries.all() }),
  ]);
}
