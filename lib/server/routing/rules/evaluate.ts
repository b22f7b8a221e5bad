import "server-only";
import type { Rule, RuleCondition, RuleDefinition, RuleTrigger } from "@/lib/api/rules";
import type { Thread } from "@/lib/api/threads";

/**
 * Whether a rule matches, as a pure function of what the inbox holds about the conversation
 * (lib/api/rules for what each condition reads). No upstream read happens here: the worker
 * (./worker) and the dry run gather the subject first.
 */
export type RuleSubject = {
  accountLinkId: string;
  /** The account link's platform, when known. */
  platform: string | null;
  campaignId: string | null;
  /** The effective assignee (the thread's, else its contact's). */
  assigneeId: string | null;
  /** The message text the rule looks at: the arriving message's, else the latest preview. */
  text: string | null;
  contact: { tagIds: readonly string[]; statusId: string | null } | null;
  /** The profile's `verified`, when the inbox holds the profile. */
  verified: boolean | null;
};

export function conditionHolds(condition: RuleCondition, subject: RuleSubject): boolean {
  switch (condition.type) {
    case "accountLink":
      return condition.accountLinkIds.includes(subject.accountLinkId);
    case "platform":
      return subject.platform !== null && condition.platforms.includes(subject.platform);
    case "campaign":
      return subject.campaignId !== null && condition.campaignIds.includes(subject.campaignId);
    case "textContains":
      return subject.text !== null && subject.text.toLowerCase().includes(condition.text.toLowerCase());
    case "tag":
      return subject.contact?.tagIds.includes(condition.tagId) ?? false;
    case "status":
      return subject.contact?.statusId != null && condition.statusIds.includes(subject.contact.statusId);
    case "verified":
      // Unknown is neither verified nor not: such a condition does not hold.
      return subject.verified !== null && subject.verified === condition.verified;
    case "unassigned":
      return (subject.assigneeId === null) === condition.unassigned;
  }
}

/** All conditions hold (none: the rule matches every event of its trigger). */
export function ruleMatches(rule: Pick<RuleDefinition, "conditions">, subject: RuleSubject): boolean {
  return rule.conditions.every((condition) => conditionHolds(condition, subject));
}

/**
 * The rules to run for one event, in order: enabled, of the event's trigger, matching, up to
 * and including the first matching one that says `stopAfter`.
 */
export function rulesToRun<R extends Pick<Rule, "position" | "enabled" | "trigger" | "conditions" | "stopAfter">>(rules: readonly R[], trigger: RuleTrigger, subject: RuleSubject): R[] {
  const out: R[] = [];
  for (const rule of [...rules].sort((a, b) => a.position - b.position)) {
    if (!rule.enabled || rule.trigger !== trigger || !ruleMatches(rule, subject)) continue;
    out.push(rule);
    if (rule.stopAfter) break;
  }
  return out;
}

/** Whether any of the rules reads message text: only then is an arriving message read. */
export function readsText(rules: readonly Pick<Rule, "conditions">[]): boolean {
  return rules.some((rule) => rule.conditions.some((c) => c.type === "textContains"));
}

/** What the conditions read from the conversation itself (its profile when the inbox holds it expanded). */
export function subjectOfThread(thread: Thread): Omit<RuleSubject, "contact" | "text"> {
  return {
    accountLinkId: thread.accountLinkId,
    platform: thread.profile?.platform ?? null,
    campaignId: thread.campaignId,
    assigneeId: thread.assigneeId,
    verified: thread.profile?.verified ?? null,
  };
}
