"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { RuleEditor, type RuleEditorTarget } from "@/components/rules/rule-editor";
import { useRuleChoices } from "@/components/rules/rule-choices";
import { RuleRow } from "@/components/rules/rule-row";
import { SettingsHeader } from "@/components/settings/settings-shell";
import { AlertDialog, AlertDialogConfirmFooter, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { QueryState } from "@/components/ui/query-state";
import type { Rule } from "@/lib/api/rules";
import { useRuleMutations } from "@/lib/client/mutations/rules";
import { ruleQueries } from "@/lib/client/queries/rules";
import { hasRole, useViewer } from "@/lib/client/viewer";

const DESCRIPTION =
  "When a message arrives, a conversation is created or a contact's status changes, rules check their conditions and act: assign, tag, set a status, archive or snooze. They run from the top, before auto-assignment; a rule can stop the ones after it.";

/** Settings › Rules (lib/api/rules): managers order, switch, write and try the team's rules. */
export function RulesSettings() {
  const viewer = useViewer();
  if (!hasRole(viewer, "manager")) {
    return (
      <>
        <SettingsHeader title="Rules" description={DESCRIPTION} />
        <p className="text-sm text-muted-foreground">Only managers and admins can see or change rules. What a rule did shows in a conversation&apos;s history under its name.</p>
      </>
    );
  }
  return <ManagerRules />;
}

function ManagerRules() {
  const rules = useQuery(ruleQueries.list());
  const choices = useRuleChoices();
  const { toggle, reorder, remove } = useRuleMutations();
  const [editing, setEditing] = useState<RuleEditorTarget | null>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);

  const move = (list: Rule[], index: number, by: -1 | 1) => {
    const ids = list.map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids);
    // The button just pressed may be disabled at the list's end: keep the keyboard on the moved rule.
    const moved = list[index]!;
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[aria-label="Move ${CSS.escape(moved.name)} ${by < 0 ? "up" : "down"}"]:not(:disabled)`)?.focus());
  };

  return (
    <>
      <SettingsHeader title="Rules" description={DESCRIPTION}>
        <Button size="sm" onClick={() => setEditing({ mode: "create" })}>
          <PlusIcon aria-hidden />
          New rule
        </Button>
      </SettingsHeader>
      <QueryState query={rules} loading="the rules">
        {(list) =>
          list.length === 0 ? (
            <div className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
              <p className="font-medium text-foreground">No rules yet</p>
              <p className="mt-1">Add one, such as “when a message contains ‘pricing’, assign it to sales”, and try it with a dry run before saving.</p>
            </div>
          ) : (
            <ol aria-label="Rules, in the order they run" className="divide-y rounded-lg border bg-card">
              {list.map((rule, index) => (
                <RuleRow
                  key={rule.id}
                  rule={rule}
                  place={index + 1}
                  count={list.length}
                  names={choices.names}
                  onToggle={(enabled) => toggle.mutate({ ruleId: rule.id, enabled })}
                  onMove={(by) => move(list, index, by)}
                  onEdit={() => setEditing({ mode: "edit", rule })}
                  onDelete={() => setDeleting(rule)}
                />
              ))}
            </ol>
          )
        }
      </QueryState>
      <RuleEditor target={editing} onClose={() => setEditing(null)} />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete “{deleting?.name}”?</AlertDialogTitle>
          <AlertDialogDescription>It stops acting on new events. What it already did stays, and stays in the activity log. This can&apos;t be undone.</AlertDialogDescription>
          <AlertDialogConfirmFooter confirmLabel="Delete rule" onConfirm={() => deleting && remove.mutate(deleting.id)} />
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
