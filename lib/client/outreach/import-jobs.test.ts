import { describe, expect, it } from "vitest";
import type { ImportJob } from "@/lib/api/outreach/import-jobs";
import { byNewest, jobProgress, jobStatusLabel, jobTone, jobTypeLabel, pausedJobs, resumedSentence, SLOTS_SENTENCE } from "./import-jobs";

const job = (id: string, status: string, createdAt = "2026-11-27T10:00:00.000Z") => ({ id, status, createdAt }) as ImportJob;

describe("import jobs in words", () => {
  it("say what each imports and where it stands, a queued one with why it waits", () => {
    expect(jobTypeLabel("followers")).toBe("Followers of a profile");
    expect(jobTypeLabel("tiktokSounds")).toBe("tiktokSounds");
    expect(jobStatusLabel("queued")).toBe("Queued — waiting for an import slot");
    expect(SLOTS_SENTENCE).toContain("up to 2 imports at once");
    expect(jobTone("running")).toBe("moving");
    expect(jobTone("paused")).toBe("waiting");
    expect(jobTone("failed")).toBe("failed");
  });
  it("give progress as processed of total, capped, and without a total while it is unknown", () => {
    expect(jobProgress({ processedCount: 350, totalCount: 800 })).toEqual({ value: 350, max: 800, text: "350 of 800 processed" });
    expect(jobProgress({ processedCount: 1_250, totalCount: 1_200 })).toEqual({ value: 1_200, max: 1_200, text: "1,200 of 1,200 processed" });
    expect(jobProgress({ processedCount: 12, totalCount: null })).toEqual({ value: 12, max: null, text: "12 processed" });
  });
  it("pick the paused ones, list the newest first, and say what a resume led to", () => {
    const jobs = [job("imp1", "running", "2026-11-27T09:00:00.000Z"), job("imp2", "paused", "2026-11-27T11:00:00.000Z"), job("imp3", "paused", "2026-11-27T10:00:00.000Z")];
    expect(pausedJobs(jobs).map((j) => j.id)).toEqual(["imp2", "imp3"]);
    expect(byNewest(jobs).map((j) => j.id)).toEqual(["imp2", "imp3", "imp1"]);
    expect(resumedSentence({ status: "queued" })).toContain("waits for an import slot");
    expect(resumedSentence({ status: "starting" })).toBe("It is starting now.");
  });
});
