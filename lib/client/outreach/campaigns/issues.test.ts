import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { campaignIssues, issueSentence } from "./issues";

const steps = [{ id: "stp1", rank: 0, campaignVersion: 2 }];

describe("campaignIssues", () => {
  it("reads the issues of a 422 campaignInvalid and nothing else", () => {
    const invalid = new ApiError({ status: 422, code: "campaignInvalid", details: { issues: [{ field: "lists", issue: "No list to target" }] } });
    expect(campaignIssues(invalid)).toEqual([{ field: "lists", issue: "No list to target" }]);
    expect(campaignIssues(new ApiError({ status: 404, code: "campaignNotFound" }))).toBeNull();
    expect(campaignIssues(new Error("offline"))).toBeNull();
  });
});

describe("issueSentence", () => {
  it("names the part of the campaign a person knows", () => {
    expect(issueSentence({ field: "steps.stp1.data.segments.3", issue: 'Variable "partner-tier" is not defined in customVariables' }, steps)).toBe(
      "Step 1 of version 2: variable \"partner-tier\" is not defined in the campaign's custom variables.",
    );
    expect(issueSentence({ field: "scheduleHours.1", issue: "start must be before end" }, steps)).toBe("Monday's hours: start must be before end.");
    expect(issueSentence({ field: "hourlyMessageRate", issue: "Must be 1 to 60" }, steps)).toBe("The hourly rate: must be 1 to 60.");
    expect(issueSentence({ field: "somethingNew", issue: "Broken." }, steps)).toBe("somethingNew: broken.");
  });
});
