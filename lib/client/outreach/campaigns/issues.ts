import { isApiError } from "@/lib/api/errors";
import { detailsOf } from "@/lib/api/error-schemas";
import type { Step } from "@/lib/api/outreach/campaigns";
import { DAY_NAMES } from "./schedule";

/**
 * What sync's 422 `campaignInvalid` found wrong, as plain sentences: each `{ field, issue }`
 * named by the part of the campaign a person knows ("Step 2 of version 3", "Monday's hours")
 * rather than the API's field path.
 */
export function campaignIssues(error: unknown): { field: string; issue: string }[] | null {
  if (!isApiError(error) || error.code !== "campaignInvalid") return null;
  return detailsOf(error, "campaignInvalid")?.issues ?? [];
}

const FIELDS: Record<string, string> = {
  steps: "The sequence",
  hourlyMessageRate: "The hourly rate",
  scheduleTimezone: "The time zone",
  scheduleHours: "The schedule",
  lists: "The lists",
  accountLinkIds: "The accounts",
};

export function issueSentence(issue: { field: string; issue: string }, steps: readonly Pick<Step, "id" | "rank" | "campaignVersion">[]): string {
  // The API's own field names read as words: "customVariables" → "the campaign's custom variables".
  const text = issue.issue.replace(/\.$/, "").replace(/\bcustomVariables\b/g, "the campaign's custom variables");
  return `${fieldName(issue.field, steps)}: ${text.charAt(0).toLowerCase()}${text.slice(1)}.`;
}

function fieldName(field: string, steps: readonly Pick<Step, "id" | "rank" | "campaignVersion">[]): string {
  const [head, second] = field.split(".");
  if (head === "steps" && second) {
    const step = steps.find((s) => s.id === second);
    return step ? `Step ${step.rank + 1} of version ${step.campaignVersion}` : "A step";
  }
  if (head === "scheduleHours" && second && /^[0-6]$/.test(second)) return `${DAY_NAMES[Number(second)]}'s hours`;
  return FIELDS[head ?? ""] ?? field;
}
