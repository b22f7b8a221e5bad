import type { Automation } from "@/lib/api/outreach/campaigns";

/**
 * A campaign's automations in words: "When a prospect first replies → set status Qualified",
 * with status, tag and member IDs resolved to names (an unknown one reads as "an unknown …",
 * never as a raw ID). Triggers and actions this inbox does not know are said as they are named.
 */
export type AutomationNames = { status(id: string): string | undefined; tag(id: string): string | undefined; member(id: string): string | undefined };

const TRIGGERS: Record<string, string> = {
  firstReply: "When a prospect first replies",
  anyReply: "When a prospect replies",
  sequenceCompleted: "When a prospect finishes the sequence",
};

export function automationSentence(automation: Pick<Automation, "trigger" | "action" | "actionData">, names: AutomationNames): string {
  const when = TRIGGERS[automation.trigger] ?? `When ${automation.trigger}`;
  return `${when} → ${actionPhrase(automation, names)}`;
}

function actionPhrase({ action, actionData }: Pick<Automation, "action" | "actionData">, names: AutomationNames): string {
  const id = (key: string) => (typeof actionData[key] === "string" ? (actionData[key] as string) : null);
  const ids = (key: string) => (Array.isArray(actionData[key]) ? (actionData[key] as unknown[]).filter((v): v is string => typeof v === "string") : []);
  const tagList = (tagIds: string[]) => (tagIds.length ? tagIds.map((t) => names.tag(t) ?? "an unknown tag").join(", ") : "no tags");
  switch (action) {
    case "setStatus": {
      const statusId = id("statusId");
      return `set status ${statusId ? (names.status(statusId) ?? "an unknown status") : "none"}`;
    }
    case "addTags": {
      const tagIds = ids("tagIds");
      return `add ${tagIds.length === 1 ? "tag" : "tags"} ${tagList(tagIds)}`;
    }
    case "removeTags": {
      const tagIds = ids("tagIds");
      return `remove ${tagIds.length === 1 ? "tag" : "tags"} ${tagList(tagIds)}`;
    }
    case "assign": {
      const memberId = id("memberId");
      return memberId ? `assign to ${names.member(memberId) ?? "an unknown member"}` : "unassign";
    }
    default:
      return action;
  }
}
