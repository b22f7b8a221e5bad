"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Rule, RuleBody, RulePatch } from "@/lib/api/rules";
import { toastError } from "@/lib/client/errors";
import { inboxApi } from "@/lib/client/inbox-api";
import { ruleQueries } from "@/lib/client/queries/rules";

/**
 * Changes to rules. The list is shown in one place, so a move or a toggle patches it at once
 * and rolls back on failure; a create or an edit waits for the server (the editor shows its
 * refusal beside the form). Each reads the list again when settled.
 */
export function useRuleMutations() {
  const queryClient = useQueryClient();
  const key = ruleQueries.list().queryKey;
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  /** Shows `next` at once; puts the list back if the server refuses. */
  const optimistic = async (next: (rules: Rule[]) => Rule[]) => {
    await queryClient.cancelQueries({ queryKey: key });
    const before = queryClient.getQueryData(key);
    if (before) queryClient.setQueryData(key, next(before));
    return { before };
  };
  const rollback = (failure: string) => (error: Error, _input: unknown, context: { before?: Rule[] } | undefined) => {
    if (context?.before) queryClient.setQueryData(key, context.before);
    toastError(failure, error);
  };

  return {
    create: useMutation({ mutationFn: (body: RuleBody) => inboxApi("rules.create", { body }), onSettled: refresh }),
    update: useMutation({ mutationFn: ({ ruleId, patch }: { ruleId: string; patch: RulePatch }) => inboxApi("rules.update", { params: { ruleId }, body: patch }), onSettled: refresh }),
    toggle: useMutation({
      mutationFn: ({ ruleId, enabled }: { ruleId: string; enabled: boolean }) => inboxApi("rules.update", { params: { ruleId }, body: { enabled } }),
      onMutate: ({ ruleId, enabled }) => optimistic((rules) => rules.map((r) => (r.id === ruleId ? { ...r, enabled } : r))),
      onError: rollback("Couldn't turn the rule on or off"),
      onSettled: refresh,
    }),
    reorder: useMutation({
      mutationFn: (ruleIds: string[]) => inboxApi("rules.reorder", { body: { ruleIds } }),
      onMutate: (ruleIds) => optimistic((rules) => ruleIds.flatMap((id, position) => rules.filter((r) => r.id === id).map((r) => ({ ...r, position })))),
      onError: rollback("Couldn't move the rule"),
      onSettled: refresh,
    }),
    remove: useMutation({ mutationFn: (ruleId: string) => inboxApi("rules.delete", { params: { ruleId } }), onSettled: refresh, onError: (error) => toastError("Couldn't delete the rule", error) }),
    dryRun: useMutation({ mutationFn: (body: Pick<RuleBody, "trigger" | "conditions">) => inboxApi("rules.dryRun", { body }) }),
  };
}
