/**
 * Why an outreach control is disabled for this member, in the policy table's own words
 * (lib/server/access/policy: "Only managers can …"), so the tooltip and the server's 403 say
 * the same thing. The one place for these sentences: the outreach pages import them from here.
 */
export const OUTREACH_REASONS = {
  resumeImports: "Only managers can resume import jobs.",
  stopSequence: "Only managers can stop a lead's sequence.",
  deleteColumn: "Only managers can delete custom columns.",
} as const;

export type OutreachAction = keyof typeof OUTREACH_REASONS;

/** The sentence for a control the member may not use, or null when they may. */
export function outreachReason(action: OutreachAction, isManager: boolean): string | null {
  return isManager ? null : OUTREACH_REASONS[action];
}
