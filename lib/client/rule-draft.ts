import { ruleBody, type Rule, type RuleAction, type RuleActionType, type RuleCondition, type RuleConditionType, type RuleDefinition, type RuleTrigger } from "@/lib/api/rules";

/**
 * The rule editor's state: each condition and action row holds one value as the row's picker
 * shows it (an ID, the text, "yes"/"no", the snooze hours or "reply"). A condition the API
 * holds with several IDs keeps the others in `rest`, so saving it from the editor loses none.
 */
export type DraftCondition = { type: RuleConditionType; value: string; rest: string[] };
export type DraftAction = { type: RuleActionType; value: string };
export type RuleDraft = { name: string; enabled: boolean; trigger: RuleTrigger; conditions: DraftCondition[]; actions: DraftAction[]; stopAfter: boolean };

export const EMPTY_DRAFT: RuleDraft = { name: "", enabled: true, trigger: "messageReceived", conditions: [], actions: [{ type: "assign", value: "" }], stopAfter: false };

/** What a new row of each type starts with. */
export function newCondition(type: RuleConditionType): DraftCondition {
  return { type, value: type === "verified" || type === "unassigned" ? "yes" : "", rest: [] };
}
export function newAction(type: RuleActionType): DraftAction {
  return { type, value: type === "snooze" ? "4" : "" };
}

export function draftOf(rule: Rule): RuleDraft {
  return {
    name: rule.name,
    enabled: rule.enabled,
    trigger: rule.trigger,
    stopAfter: rule.stopAfter,
    conditions: rule.conditions.map(conditionDraft),
    actions: rule.actions.map(actionDraft),
  };
}

function conditionDraft(c: RuleCondition): DraftCondition {
  const list = (ids: string[]) => ({ type: c.type, value: ids[0] ?? "", rest: ids.slice(1) });
  switch (c.type) {
    case "textContains":
      return { type: c.type, value: c.text, rest: [] };
    case "accountLink":
      return list(c.accountLinkIds);
    case "platform":
      return list(c.platforms);
    case "campaign":
      return list(c.campaignIds);
    case "status":
      return list(c.statusIds);
    case "tag":
      return { type: c.type, value: c.tagId, rest: [] };
    case "verified":
      return { type: c.type, value: c.verified ? "yes" : "no", rest: [] };
    case "unassigned":
      return { type: c.type, value: c.unassigned ? "yes" : "no", rest: [] };
  }
}

function actionDraft(a: RuleAction): DraftAction {
  switch (a.type) {
    case "assign":
      return { type: a.type, value: a.memberId };
    case "addTag":
    case "removeTag":
      return { type: a.type, value: a.tagId };
    case "setStatus":
      return { type: a.type, value: a.statusId };
    case "snooze":
      return { type: a.type, value: a.hours === null ? "reply" : String(a.hours) };
    case "autoAssign":
    case "archive":
      return { type: a.type, value: "" };
  }
}

/** What a row still needs, in a sentence; null when it is complete. */
const CONDITION_NEEDS: Partial<Record<RuleConditionType, string>> = {
  textContains: "say what text the message contains",
  accountLink: "choose an account link",
  platform: "choose a platform",
  campaign: "give the campaign's ID",
  tag: "choose a tag",
  status: "choose a status",
};
const ACTION_NEEDS: Partial<Record<RuleActionType, string>> = { assign: "choose a member", addTag: "choose a tag", removeTag: "choose a tag", setStatus: "choose a status" };

/**
 * The rule the draft says, or the first problem with it as a sentence naming its row. The
 * contract (`ruleBody`) has the last word; a dry run needs no name nor actions (`forDryRun`).
 */
export function ruleFromDraft(draft: RuleDraft, forDryRun = false): { rule: RuleDefinition; problem: null; field: null } | { rule: null; problem: string; field: "name" | "conditions" | "actions" | "form" } {
  for (const [i, c] of draft.conditions.entries()) {
    const need = CONDITION_NEEDS[c.type];
    if (need && !c.value.trim()) return { rule: null, problem: `Condition ${i + 1}: ${need}.`, field: "conditions" };
  }
  for (const [i, a] of draft.actions.entries()) {
    const need = ACTION_NEEDS[a.type];
    if (need && !a.value) return { rule: null, problem: `Action ${i + 1}: ${need}.`, field: "actions" };
  }
  const candidate = {
    name: forDryRun && !draft.name.trim() ? "Dry run" : draft.name,
    enabled: draft.enabled,
    trigger: draft.trigger,
    stopAfter: draft.stopAfter,
    conditions: draft.conditions.map(toCondition),
    actions: forDryRun && draft.actions.length === 0 ? [{ type: "archive" }] : draft.actions.map(toAction),
  };
  const parsed = ruleBody.safeParse(candidate);
  if (parsed.success) return { rule: parsed.data, problem: null, field: null };
  const issue = parsed.error.issues[0]!;
  const [field, index] = issue.path as [string, number | undefined];
  if (field === "conditions" || field === "actions") {
    const row = typeof index === "number" ? `${field === "conditions" ? "Condition" : "Action"} ${index + 1}: ` : "";
    return { rule: null, problem: `${row}${issue.message}`, field };
  }
  return { rule: null, problem: issue.message, field: field === "name" ? "name" : "form" };
}

function toCondition(c: DraftCondition): RuleCondition {
  const ids = [c.value.trim(), ...c.rest];
  switch (c.type) {
    case "textContains":
      return { type: c.type, text: c.value };
    case "accountLink":
      return { type: c.type, accountLinkIds: ids };
    case "platform":
      return { type: c.type, platforms: ids };
    case "campaign":
      return { type: c.type, campaignIds: ids };
    case "status":
      return { type: c.type, statusIds: ids };
    case "tag":
      return { type: c.type, tagId: c.value };
    case "verified":
      return { type: c.type, verified: c.value === "yes" };
    case "unassigned":
      return { type: c.type, unassigned: c.value === "yes" };
  }
}

function toAction(a: DraftAction): RuleAction {
  switch (a.type) {
    case "assign":
      return { type: a.type, memberId: a.value };
    case "addTag":
    case "removeTag":
      return { type: a.type, tagId: a.value };
    case "setStatus":
      return { type: a.type, statusId: a.value };
    case "snooze":
      return { type: a.type, hours: a.value === "reply" ? null : Number(a.value) };
    case "autoAssign":
    case "archive":
      return { type: a.type };
  }
}
