import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { IMPORT_SLOTS, IMPORT_STARTING_SECONDS, importJob, successResult, type ImportJob } from "@/lib/api/outreach/import-jobs";
import { list as listSchema } from "@/lib/api/outreach/leads";
import { page } from "@/lib/api/primitives";
import { expectError, expectOk, openTestSandbox, type TestSandbox } from "../../testing/harness";

/**
 * Import jobs through real HTTP. Progress follows the sandbox clock, which also runs in real
 * time while a test runs (one item a second at the seeded rate), so counts are checked with
 * a little slack where real time can add to them. Each test starts from a fresh seed.
 */
let t: TestSandbox | undefined;
const jobPage = page(importJob);
const MINUTE = 60_000;

beforeEach(async () => {
  await t?.close();
  t = await openTestSandbox();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const sandbox = () => t!;
const advance = (ms: number) => sandbox().sandbox.context.store.clock.advance(ms);
const post = (path: string, body: unknown = {}) => sandbox().request("POST", path, { body });

async function job(listId: string, jobId: string): Promise<ImportJob> {
  return expectOk(await sandbox().request("GET", `/lists/${listId}/import-jobs/${jobId}`), importJob);
}

async function allJobs(): Promise<ImportJob[]> {
  const out: ImportJob[] = [];
  for (const list of ["lst0001", "lst0002", "lst0003", "lst0004"]) out.push(...expectOk(await sandbox().request("GET", `/lists/${list}/import-jobs`), jobPage).data);
  return out;
}

function expectConsistent(j: ImportJob) {
  expect(j.processedCount).toBe(j.addedCount + j.skippedCount + j.failedCount);
  if (j.totalCount !== null) expect(j.processedCount).toBeLessThanOrEqual(j.totalCount);
}

describe("import jobs", () => {
  it("lists each list's jobs, seven in all, never more than the slots busy", async () => {
    const jobs = await allJobs();
    expect(jobs).toHaveLength(7);
    expect(new Set(jobs.map((j) => j.status))).toEqual(new Set(["running", "queued", "paused", "completed", "failed", "canceled"]));
    expect(jobs.filter((j) => j.status === "running" || j.status === "starting")).toHaveLength(IMPORT_SLOTS);
    for (const j of jobs) expectConsistent(j);
    const failed = jobs.find((j) => j.status === "failed")!;
    expect(failed.error).toBeTruthy();
    const completed = jobs.find((j) => j.status === "completed")!;
    expect(completed.completedAt).not.toBeNull();
    expect(completed.processedCount).toBe(completed.totalCount);

    const first = expectOk(await sandbox().request("GET", "/lists/lst0001/import-jobs?limit=1"), jobPage);
    const rest = expectOk(await sandbox().request("GET", `/lists/lst0001/import-jobs?limit=10&cursor=${first.nextCursor}`), jobPage);
    expect([...first.data, ...rest.data].map((j) => j.id)).toEqual(jobs.filter((j) => j.listId === "lst0001").map((j) => j.id));
    expectError(await sandbox().request("GET", `/lists/lst0002/import-jobs?cursor=${first.nextCursor}`), 400, "invalidCursor");
  });

  it("advances progress with the clock, adding real leads and skipping people already in the list", async () => {
    const before = await job("lst0001", "imp0001");
    const list = expectOk(await sandbox().request("GET", "/lists/lst0001"), listSchema);
    advance(5 * MINUTE);
    const after = await job("lst0001", "imp0001");
    expectConsistent(after);
    expect(after.processedCount - before.processedCount).toBeGreaterThanOrEqual(300);
    expect(after.processedCount - before.processedCount).toBeLessThan(330);
    expect(after.skippedCount).toBeGreaterThan(before.skippedCount);
    expect(after.failedCount).toBeGreaterThan(before.failedCount);
    const grown = expectOk(await sandbox().request("GET", "/lists/lst0001"), listSchema);
    // The list was read a moment after the job each time: real time may add an item or two in between.
    expect(Math.abs(grown.profilesCount - list.profilesCount - (after.addedCount - before.addedCount))).toBeLessThanOrEqual(4);
  });

  it("completes a job at its total, then gives its slot to the oldest queued job, which starts, then runs", async () => {
    advance(30 * MINUTE);
    const done = await job("lst0002", "imp0002");
    expect(done).toMatchObject({ status: "completed", processedCount: 500 });
    expect(done.completedAt).toBe(done.updatedAt);
    const first = await job("lst0001", "imp0001");
    expect(first.status).toBe("completed");
    // Both slots freed; the queued job took one when the first freed, and has been running since.
    const queued = await job("lst0003", "imp0003");
    expect(queued.status === "running" || queued.status === "completed").toBe(true);
    expect(queued.processedCount).toBeGreaterThan(0);
    expectConsistent(queued);
  });

  it("resumes a paused job into the queue while the slots are busy, and into a slot once one is free", async () => {
    const resumed = expectOk(await post("/lists/lst0001/import-jobs/imp0004/resume"), importJob);
    expect(resumed.status).toBe("queued");
    expectError(await post("/lists/lst0001/import-jobs/imp0004/resume"), 409, "invalidTransition");
    // Pausing a running job frees its slot: the oldest queued job (imp0003) takes it, not the one just resumed.
    expect(expectOk(await post("/lists/lst0001/import-jobs/imp0001/pause"), importJob).status).toBe("paused");
    expect((await job("lst0003", "imp0003")).status).toBe("starting");
    expect((await job("lst0001", "imp0004")).status).toBe("queued");
    advance(IMPORT_STARTING_SECONDS * 1000 + 1000);
    expect((await job("lst0003", "imp0003")).status).toBe("running");
    // Cancelling frees a slot for imp0004, which starts.
    expect(expectOk(await post("/lists/lst0002/import-jobs/imp0002/cancel", undefined), importJob).status).toBe("canceled");
    expect((await job("lst0001", "imp0004")).status).toBe("starting");
    // With a slot free, a resume starts at once.
    expect(expectOk(await post("/lists/lst0003/import-jobs/imp0003/pause"), importJob).status).toBe("paused");
    expect(expectOk(await post("/lists/lst0001/import-jobs/imp0001/resume"), importJob).status).toBe("starting");
  });

  it("bulk-resumes the given jobs or every paused one of the list, and unfreezes a queue bulk-pause froze", async () => {
    expectOk(await post("/lists/lst0001/import-jobs/bulk-pause"), successResult);
    const paused = await allJobs();
    expect(paused.filter((j) => j.listId === "lst0001" && j.status === "paused").map((j) => j.id).sort()).toEqual(["imp0001", "imp0004"]);
    // A slot is free, but the frozen queue starts nothing by itself.
    advance(MINUTE);
    expect((await job("lst0003", "imp0003")).status).toBe("queued");

    expectError(await post("/lists/lst0001/import-jobs/bulk-resume", { jobIds: ["imp0005"] }), 404, "importJobNotFound");
    expectError(await post("/lists/lst0002/import-jobs/bulk-resume", { jobIds: ["imp0002"] }), 409, "invalidTransition");
    expectOk(await post("/lists/lst0001/import-jobs/bulk-resume", { jobIds: ["imp0004"] }), successResult);
    // Unfrozen, the job already queued takes the one free slot; the resumed one queues behind it.
    expect((await job("lst0003", "imp0003")).status).toBe("starting");
    expect((await job("lst0001", "imp0004")).status).toBe("queued");
    expect((await job("lst0001", "imp0001")).status).toBe("paused");
    expectOk(await sandbox().request("POST", "/lists/lst0001/import-jobs/bulk-resume"), successResult);
    expect((await job("lst0001", "imp0001")).status).toBe("queued");
    const busy = (await allJobs()).filter((j) => j.status === "starting" || j.status === "running");
    expect(busy).toHaveLength(IMPORT_SLOTS);
  });

  it("refuses transitions the state does not allow, unknown jobs and bad bodies", async () => {
    for (const [path, status] of [
      ["/lists/lst0002/import-jobs/imp0005/resume", "completed"],
      ["/lists/lst0002/import-jobs/imp0005/pause", "completed"],
      ["/lists/lst0003/import-jobs/imp0006/cancel", "failed"],
      ["/lists/lst0001/import-jobs/imp0007/resume", "canceled"],
      ["/lists/lst0001/import-jobs/imp0001/resume", "running"],
    ] as const) {
      expect(expectError(await post(path), 409, "invalidTransition").details).toMatchObject({ status });
    }
    expectError(await post("/lists/lst0001/import-jobs/imp0002/resume"), 404, "importJobNotFound");
    expectError(await post("/lists/lst0001/import-jobs/IMP1/resume"), 404, "importJobNotFound");
    expectError(await post("/lists/lst9999/import-jobs/imp0001/resume"), 404, "listNotFound");
    expectError(await sandbox().request("GET", "/lists/lst0001/import-jobs/imp9999"), 404, "importJobNotFound");
    for (const body of [{ force: true }, [], "x", null]) expectError(await post("/lists/lst0001/import-jobs/imp0004/resume", body), 400, "invalidRequest");
    for (const body of [{ jobIds: [] }, { jobIds: "imp0004" }, { jobIds: ["NOPE"] }, { jobIds: ["imp0004"], all: true }]) {
      expectError(await post("/lists/lst0001/import-jobs/bulk-resume", body), 400, "invalidRequest");
    }
    expectError(await sandbox().request("POST", "/lists/lst0001/import-jobs/bulk-resume", { rawBody: "{", headers: { "content-type": "application/json" } }), 400, "invalidRequest");
    expectError(await sandbox().request("DELETE", "/lists/lst0001/import-jobs/imp0001"), 405, "methodNotAllowed");
  });
});
