/** A lead's stage in words, the same in the leads table and in a campaign's conversation. */
const STAGES: Record<string, string> = {
  pending: "Not contacted",
  contacted: "Contacted",
  replied: "Replied",
  canceled: "Sequence stopped",
};

/** A stage this client does not know reads as the API names it. */
export function stageLabel(stage: string): string {
  return STAGES[stage] ?? stage;
}
