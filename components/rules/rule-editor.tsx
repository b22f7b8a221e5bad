"use client";

import { useId, useState, type FormEvent } from "react";

import { ChoiceSelect } from "@/components/rules/choice-select";
import { DryRunResult } from "@/components/rules/dry-run-result";
import { useRuleChoices } from "@/components/rules/rule-choices";
import { ActionRows, ConditionRows } from "@/components/rules/rule-rows";
import { FormFooter, useFormProblem } from "@/components/settings/form-problems";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FlaskConicalIcon, LoaderCircleIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { RULE_TRIGGERS, type Rule, type RuleTrigger } from "@/lib/api/rules";
import { errorMessage } from "@/lib/client/errors";
import { useRuleMutations } from "@/lib/client/mutations/rules";
import { draftOf, EMPTY_DRAFT, ruleFromDraft, type RuleDraft } from "@/lib/client/rule-draft";
import { ruleSentence, TRIGGER_LABELS } from "@/lib/client/rule-sentences";

type Field = "name" | "conditions" | "actions";
export type RuleEditorTarget = { mode: "create" } | { mode: "edit"; rule: Rule };

const TRIGGERS = RULE_TRIGGERS.map((t) => ({ value: t, label: TRIGGER_LABELS[t] }));

/**
 * Writing a rule: its name, when it runs, the conditions that must all hold, the actions in
 * order, and whether it stops the rules after it. A dry run shows which recent conversations
 * the conditions match before anything is saved. Nothing typed is lost to a click outside.
 */
export function RuleEditor({ target, onClose }: { target: RuleEditorTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? <EditorForm key={target.mode === "edit" ? target.rule.id : "new"} target={target} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditorForm({ target, onClose }: { target: RuleEditorTarget; onClose: () => void }) {
  const id = useId();
  const choices = useRuleChoices();
  const { create, update, dryRun } = useRuleMutations();
  const initial = target.mode === "edit" ? draftOf(target.rule) : EMPTY_DRAFT;
  const [draft, setDraft] = useState<RuleDraft>(initial);
  const { problem, setProblem, fieldProps, problemFor } = useFormProblem<Field>(id);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const change = (next: Partial<RuleDraft>) => {
    setDraft({ ...draft, ...next });
    // What the last dry run said no longer describes the rule.
    if (dryRun.data || dryRun.error) dryRun.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = ruleFromDraft(draft);
    if (!built.rule) {
      setProblem({ field: built.field, text: built.problem });
      if (built.field === "name") document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setProblem(null);
    const onError = (error: Error) => setProblem({ field: "form", text: errorMessage(error) });
    if (target.mode === "edit") update.mutate({ ruleId: target.rule.id, patch: built.rule }, { onSuccess: onClose, onError });
    else create.mutate(built.rule, { onSuccess: onClose, onError });
  };

  const runDry = () => {
    const built = ruleFromDraft(draft, true);
    if (!built.rule) return setProblem({ field: built.field === "form" ? "form" : built.field, text: built.problem });
    setProblem(null);
    dryRun.mutate({ trigger: built.rule.trigger, conditions: built.rule.conditions });
  };

  const preview = ruleFromDraft(draft, true).rule;
  return (
    <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" onInteractOutside={(event) => (dirty ? event.preventDefault() : undefined)}>
      <DialogHeader>
        <DialogTitle>{target.mode === "edit" ? `Edit “${target.rule.name}”` : "New rule"}</DialogTitle>
        <DialogDescription>Rules run in order on each new event, before auto-assignment. Their changes show in the activity log under the rule&apos;s name.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="grid gap-5">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1.5">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              Name
            </label>
            <Input {...fieldProps("name")} value={draft.name} maxLength={80} placeholder="VIP to Priya" onChange={(e) => change({ name: e.target.value })} autoComplete="off" autoFocus />
            {problemFor("name")}
          </div>
          <div className="grid content-start gap-1.5">
            <span className="text-sm font-medium">When</span>
            <ChoiceSelect label="When" value={draft.trigger} choices={TRIGGERS} placeholder="Trigger" onChange={(trigger) => change({ trigger: trigger as RuleTrigger })} />
          </div>
        </div>
        <div className="grid gap-1.5">
          <ConditionRows rows={draft.conditions} choices={choices} invalid={problem?.field === "conditions"} onChange={(conditions) => change({ conditions })} />
          {problemFor("conditions")}
        </div>
        <div className="grid gap-1.5">
          <ActionRows rows={draft.actions} choices={choices} invalid={problem?.field === "actions"} onChange={(actions) => change({ actions })} />
          {problemFor("actions")}
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={draft.stopAfter} onChange={(e) => change({ stopAfter: e.target.checked })} />
          <span>
            Stop here
            <span className="block text-muted-foreground">When this rule matches, the rules after it don&apos;t run for that event.</span>
          </span>
        </label>
        {preview ? <p className="text-sm text-muted-foreground">{ruleSentence(preview, choices.names)}</p> : null}
        <div className="grid gap-2">
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={runDry} disabled={dryRun.isPending}>
            {dryRun.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <FlaskConicalIcon aria-hidden />}
            Dry run
          </Button>
          {dryRun.data ? <DryRunResult answer={dryRun.data} /> : null}
          {dryRun.error ? (
            <p role="alert" className="text-sm text-destructive">
              The dry run failed: {errorMessage(dryRun.error)}
            </p>
          ) : null}
        </div>
        <FormFooter problem={problem} pending={create.isPending || update.isPending} onCancel={onClose}>
          {target.mode === "edit" ? "Save changes" : "Add rule"}
        </FormFooter>
      </form>
    </DialogContent>
  );
}
