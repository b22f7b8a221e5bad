import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { campaign as campaignSchema } from "@/lib/api/outreach/campaigns";
import { importJob, successResult } from "@/lib/api/outreach/import-jobs";
import { lead as leadSchema, list as listSchema } from "@/lib/api/outreach/leads";
import { page } from "@/lib/api/primitives";
import { V1_SUNSET } from "@/lib/api/v1/errors";
import { expectError, expectOk, sandboxForFile, SEED_NOW, TOKENS } from "../../testing/harness";
import { expectV1Error, expectV1Ok, expectV1Validation, v1 } from "../../testing/v1";

/**
 * The outreach resources under `/v1`: the same sub-app as under `/v2`, so the same bodies;
 * only errors differ (the v1 body, codes mapped in lib/api/v1/errors.ts) and the sunset.
 */
const t = sandboxForFile();
let onV1: ReturnType<typeof v1>;
const onV2 = (method: string, path: string, body?: unknown, token?: string) => t.request(method, path, { body, token });
const leadPage = page(leadSchema);

beforeAll(async () => {
  onV1 = v1(t);
  // Imports move with real time; paused (and the queue frozen), the lists stay still while both roots are read.
  expectV1Ok(await onV1("POST", "/lists/lst0001/import-jobs/bulk-pause", { body: {} }), successResult);
  for (const list of ["lst0002", "lst0003"]) expectOk(await onV2("POST", `/lists/${list}/import-jobs/bulk-pause`, {}), successResult);
}, 120_000);

describe("outreach reads under /v1", () => {
  it("answer the same bodies as under /v2, with Sunset", async () => {
    const firstLeads = expectOk(await onV2("GET", "/lists/lst0001/leads?limit=5"), leadPage);
    expect(firstLeads.nextCursor).not.toBeNull();
    const reads: [string, z.ZodType][] = [
      ["/lists", page(listSchema)],
      ["/lists/lst0001", listSchema],
      ["/lists/lst0001/leads?limit=5", leadPage],
      [`/lists/lst0001/leads?limit=5&cursor=${encodeURIComponent(firstLeads.nextCursor!)}`, leadPage],
      ["/lists/lst0001/leads?limit=5&sort=posts:asc&search=a", leadPage],
      ["/lists/lst0001/import-jobs", page(importJob)],
      ["/lists/lst0003/import-jobs/imp0003", importJob],
      ["/campaigns", page(campaignSchema)],
      ["/campaigns/cmp0001", campaignSchema],
    ];
    for (const [path, schema] of reads) {
      const fromV1 = expectV1Ok(await onV1("GET", path), schema);
      expect(fromV1, path).toEqual(expectOk(await onV2("GET", path), schema));
    }
    expect(expectV1Ok(await onV1("GET", "/lists/lst0001/leads?limit=5"), leadPage).data).toEqual(firstLeads.data);
  });
});

describe("outreach writes under /v1", () => {
  it("change the same store: each kind of write answers what the other root then reads", async () => {
    // Bulk: the pauses of beforeAll, one per root, left every job of the lists still.
    const jobs = expectV1Ok(await onV1("GET", "/lists/lst0001/import-jobs"), page(importJob)).data;
    expect(jobs.map((j) => j.status)).not.toContain("running");

    // An import job action.
    const canceled = expectV1Ok(await onV1("POST", "/lists/lst0001/import-jobs/imp0001/cancel", { body: {} }), importJob);
    expect(canceled.status).toBe("canceled");
    expect(expectOk(await onV2("GET", "/lists/lst0001/import-jobs/imp0001"), importJob)).toEqual(canceled);

    // Campaign actions, one under each root.
    const paused = expectV1Ok(await onV1("POST", "/campaigns/cmp0001/pause", { body: {} }), campaignSchema);
    expect(paused.status).toBe("paused");
    expect(expectOk(await onV2("GET", "/campaigns/cmp0001"), campaignSchema)).toEqual(paused);
    const started = expectOk(await onV2("POST", "/campaigns/cmp0001/start", {}), campaignSchema);
    expect(expectV1Ok(await onV1("GET", "/campaigns/cmp0001"), campaignSchema)).toEqual(started);
    const synced = expectV1Ok(await onV1("POST", "/campaigns/cmp0003/sync", { body: {} }), campaignSchema);
    expect(expectOk(await onV2("GET", "/campaigns/cmp0003"), campaignSchema)).toEqual(synced);

    // A lead cancel (cmp0003 sends from one platform, so `platform` defaults to it).
    const pending = expectV1Ok(await onV1("GET", "/lists/lst0003/leads?limit=100"), leadPage).data.find((l) => l.stage === "pending")!;
    expectV1Ok(await onV1("POST", `/campaigns/cmp0003/leads/${pending.prospect.platformId}/cancel`, { body: {} }), successResult);
    const after = expectOk(await onV2("GET", "/lists/lst0003/leads?limit=100"), leadPage).data.find((l) => l.id === pending.id)!;
    expect(after.stage).toBe("canceled");

    // A column delete.
    expect(expectOk(await onV2("GET", "/lists/lst0001"), listSchema).columns.custom_col0002).toBeDefined();
    expectV1Ok(await onV1("DELETE", "/campaigns/cmp0001/columns/col0002", { body: {} }), successResult);
    expect(expectOk(await onV2("GET", "/lists/lst0001"), listSchema).columns.custom_col0002).toBeUndefined();
    expectError(await onV2("DELETE", "/campaigns/cmp0001/columns/col0002"), 404, "columnNotFound");
    expectV1Error(await onV1("DELETE", "/campaigns/cmp0001/columns/col0002"), 404, "COLUMN_NOT_FOUND");
  });
});

describe("outreach errors under /v1", () => {
  it("refuses a team without the outreach add-on with FORBIDDEN, keeping the v2 details", async () => {
    for (const [method, path] of [
      ["GET", "/lists"],
      ["GET", "/lists/lst0001/leads"],
      ["POST", "/lists/lst0001/import-jobs/bulk-resume"],
      ["POST", "/campaigns/cmp0001/sync"],
      ["DELETE", "/campaigns/cmp0001/columns/col0001"],
    ] as const) {
      const body = method === "GET" ? undefined : {};
      const error = expectV1Error(await onV1(method, path, { token: TOKENS.globex, body }), 403, "FORBIDDEN");
      expect(error.details).toEqual({ reason: "planRequired", addOn: "outreach" });
      expect(expectError(await onV2(method, path, body, TOKENS.globex), 403, "planRequired").details).toEqual({ addOn: "outreach" });
    }
    expect((await onV1("GET", "/tags", { token: TOKENS.globex })).status).toBe(200);
  });

  it("answers each resource's not-found code with 404", async () => {
    expectV1Error(await onV1("GET", "/lists/lst9999"), 404, "LIST_NOT_FOUND");
    expectV1Error(await onV1("GET", "/lists/lst9999/leads"), 404, "LIST_NOT_FOUND");
    expectV1Error(await onV1("GET", "/lists/lst0001/import-jobs/imp9999"), 404, "IMPORT_JOB_NOT_FOUND");
    expectV1Error(await onV1("GET", "/campaigns/cmp9999"), 404, "CAMPAIGN_NOT_FOUND");
    expectV1Error(await onV1("POST", "/campaigns/cmp0003/leads/nobody/cancel", { body: {} }), 404, "LEAD_NOT_FOUND");
    expectError(await onV2("GET", "/campaigns/cmp9999"), 404, "campaignNotFound");
  });

  it("answers a wrong state with 409 INVALID_TRANSITION and the current status", async () => {
    const error = expectV1Error(await onV1("POST", "/campaigns/cmp0002/start", { body: {} }), 409, "INVALID_TRANSITION");
    expect(error.details).toEqual({ status: "completed" });
    const lists = expectOk(await onV2("GET", "/lists"), page(listSchema)).data;
    const jobs = (await Promise.all(lists.map(async (l) => expectOk(await onV2("GET", `/lists/${l.id}/import-jobs`), page(importJob)).data))).flat();
    const done = jobs.find((j) => j.status === "completed")!;
    const body = { jobIds: [done.id] };
    const job = expectV1Error(await onV1("POST", `/lists/${done.listId}/import-jobs/bulk-resume`, { body }), 409, "INVALID_TRANSITION");
    expect(job.details).toEqual({ status: "completed", jobId: done.id });
    expectError(await onV2("POST", "/campaigns/cmp0002/start", {}), 409, "invalidTransition");
  });

  it("answers a campaign that fails its checks with VALIDATION_ERROR naming the first issue, where v2 says 422", async () => {
    const v2 = expectError(await onV2("POST", "/campaigns/cmp0004/sync", {}), 422, "campaignInvalid").details!;
    const issues = z.array(z.object({ field: z.string(), issue: z.string() })).parse(v2.issues);
    expect(issues.length).toBeGreaterThan(0);
    const details = expectV1Validation(await onV1("POST", "/campaigns/cmp0004/sync", { body: {} }), issues[0]!.field, "invalid");
    expect(details.issues).toEqual(issues);
    expectV1Validation(await onV1("POST", "/campaigns/cmp0004/start", { body: {} }), issues[0]!.field, "invalid");
  });

  it("answers bad input with VALIDATION_ERROR and a bad cursor with INVALID_CURSOR", async () => {
    expectV1Validation(await onV1("POST", "/campaigns/cmp0001/sync", { body: { force: true } }), "request", "invalid");
    expectV1Error(await onV1("GET", "/lists/lst0001/leads?cursor=garbage"), 400, "INVALID_CURSOR");
    expectV1Error(await onV1("PUT", "/lists"), 405, "METHOD_NOT_ALLOWED");
  });
});

describe("the sunset", () => {
  it("ends outreach under /v1 with 410 GONE; /v2 carries on", async () => {
    const before = t.sandbox.context.store.clock.offsetMs();
    try {
      const seconds = (V1_SUNSET.getTime() - SEED_NOW.getTime()) / 1000 + 60;
      expectOk(await t.request("POST", "//_sandbox/clock/advance", { body: { seconds } }), z.looseObject({}));
      for (const path of ["/lists", "/campaigns/cmp0001"]) expectV1Error(await onV1("GET", path), 410, "GONE");
      expectV1Error(await onV1("GET", "/lists", { token: TOKENS.globex }), 410, "GONE");
      expectOk(await onV2("GET", "/lists"), page(listSchema));
    } finally {
      t.sandbox.context.store.clock.set(before);
    }
  });
});
