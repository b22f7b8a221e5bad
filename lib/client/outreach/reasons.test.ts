import { describe, expect, it } from "vitest";
import { POLICY, permit } from "@/lib/server/access/policy";
import { OUTREACH_REASONS, outreachReason } from "./reasons";

function refusal(operation: string): string {
  const row = POLICY.find((r) => r.operation === operation);
  if (!row) throw new Error(`no policy row for ${operation}`);
  const answer = permit(row, { role: "member", memberId: "mem1", body: {} });
  if (answer.allowed) throw new Error(`${operation} is allowed for members`);
  return answer.message;
}

describe("outreach reasons", () => {
  it("say what the server says when it refuses a member", () => {
    expect(OUTREACH_REASONS.resumeImports).toBe(refusal("importJobs.resume"));
    expect(OUTREACH_REASONS.resumeImports).toBe(refusal("importJobs.bulkResume"));
    expect(OUTREACH_REASONS.stopSequence).toBe(refusal("campaigns.cancelLead"));
    expect(OUTREACH_REASONS.deleteColumn).toBe(refusal("campaigns.deleteColumn"));
  });
  it("give managers no reason", () => {
    expect(outreachReason("stopSequence", true)).toBeNull();
    expect(outreachReason("stopSequence", false)).toBe("Only managers can stop a lead's sequence.");
  });
});
