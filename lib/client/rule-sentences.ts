import type { RuleAction, RuleActionType, RuleCondition, RuleConditionType, RuleTrigger } from "@/lib/api/rules";

/** Names the sentences need, looked up by ID; an unknown one reads as what it is. */
export type RuleNames = { member(id: string): string | undefined; tag(id: string): string | undefined; status(id: string): string | undefined; accountLink(id: string): string | undefined };

export const TRIGGER_LABELS: Record<RuleTrigger, string> = {
  messageReceived: "A message arrives",
  conversationCreated: "A conversation is created",
  contactStatusChanged: "A contact's status changes",
};

export const CONDITION_LABELS: Record<RuleConditionType, string> = {
  textContains: "Message text contains",
  accountLink: "Account link is",
  platform: "Platform is",
  campaign: "Campaign is",
  tag: "Contact has tag",
  status: "Contact status is",
  verified: "Profile is verified",
  unassigned: "Conversation is unassigned",
};

export const ACTION_LABELS: Record<RuleActionType, string> = {
  assign: "Assign to",
  autoAssign: "Assign by auto-assignment",
  addTag: "Add tag",
  removeTag: "Remove tag",
  setStatus: "Set status",
  archive: "Archive",
  snooze: "Snooze",
};

/** Snooze lengths the editor offers, in hours; null: until the contact replies. */
export const SNOOZE_CHOICES: { hours: number | null; label: string }[] = [
  { hours: 1, label: "for 1 hour" },
  { hours: 4, label: "for 4 hours" },
  { hours: 24, label: "for 1 day" },
  { hours: 72, label: "for 3 days" },
  { hours: 168, label: "for 1 week" },
  { hours: null, label: "until the contact replies" },
];

/** "When a message arrives, if the text contains “pricing”, then add the tag VIP and assign to Sam." */
export function ruleSentence(rule: { trigger: RuleTrigger; conditions: readonly RuleCondition[]; actions: readonly RuleAction[] }, names: RuleNames): string {
  const when = `When ${TRIGGER_LABELS[rule.trigger].charAt(0).toLowerCase()}${TRIGGER_LABELS[rule.trigger].slice(1)}`;
  const ifs = rule.conditions.map((c) => conditionPhrase(c, names));
  const thens = rule.actions.map((a) => actionPhrase(a, names));
  return `${when}${ifs.length ? `, if ${joined(ifs, "and")}` : ""}, then ${joined(thens, "and") || "nothing"}.`;
}

export function conditionPhrase(condition: RuleCondition, names: RuleNames): string {
  switch (condition.type) {
    case "textContains":
      return `the text contains “${condition.text}”`;
    case "accountLink":
      return `the account is ${joined(condition.accountLinkIds.map((id) => names.accountLink(id) ?? id), "or")}`;
    case "platform":
      return `the platform is ${joined(condition.platforms, "or")}`;
    case "campaign":
      return `the campaign is ${joined(condition.campaignIds, "or")}`;
    case "tag":
      return `the contact has the tag ${names.tag(condition.tagId) ?? condition.tagId}`;
    case "status":
      return `the contact's status is ${joined(condition.statusIds.map((id) => names.status(id) ?? id), "or")}`;
    case "verified":
      return condition.verified ? "the profile is verified" : "the profile is not verified";
    case "unassigned":
      return condition.unassigned ? "nobody is assigned" : "someone is assigned";
  }
}

export function actionPhrase(action: RuleAction, names: RuleNames): string {
  switch (action.type) {
    case "assign":
      return `assign to ${names.member(action.memberId) ?? "a member"}`;
    case "autoAssign":
      return "assign by auto-assignment";
    case "addTag":
      return `add the tag ${names.tag(action.tagId) ?? action.tagId}`;
    case "removeTag":
      return `remove the tag ${names.tag(action.tagId) ?? action.tagId}`;
    case "setStatus":
      return `set the status to ${names.status(action.statusId) ?? action.statusId}`;
    case "archive":
      return "archive";
    case "snooze":
      return `snooze ${SNOOZE_CHOICES.find((c) => c.hours === action.hours)?.label ?? `for ${action.hours} hours`}`;
  }
}

function joined(parts: string[], word: "and" | "or"): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} ${word} ${parts.at(-1)}`;
}
