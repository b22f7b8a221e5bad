import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestSandbox, type TestSandbox } from "../testing/harness";
import { CAMPAIGN_TIMER_MS, campaignRunner } from "./campaigns";
import { clockTo, eventsAfter, ofType } from "./campaign-test-kit";

/** The timer the stand-alone sandbox runs campaigns on: real time, once per sandbox, stopped with the store. */
let t: TestSandbox;
let open = false;

beforeAll(async () => {
  t = await openTestSandbox({ campaignTimer: true });
  open = true;
}, 120_000);

afterAll(async () => {
  if (open) await t.close();
});

describe("the campaign timer", () => {
  it("sends without being asked while the sandbox runs, and stops when it closes", async () => {
    const warn = vi.spyOn(console, "warn");
    const { acme } = await t.teamIds();
    const seq = await t.seqOf(acme);
    const monday = Date.parse("2026-11-23T08:00:00Z"); // 09:00 in Berlin
    clockTo(t, new Date(monday).toISOString());
    await vi.waitFor(
      async () => {
        const sent = ofType(await eventsAfter(t, seq), "target.contacted").filter((e) => Date.parse(e.createdAt) >= monday);
        expect(sent.length).toBeGreaterThan(0);
      },
      { timeout: 20 * CAMPAIGN_TIMER_MS, interval: 200 },
    );
    // Starting it again changes nothing: one runner, one timer per sandbox.
    campaignRunner(t.sandbox.context).startTimer();
    expect(campaignRunner(t.sandbox.context)).toBe(campaignRunner(t.sandbox.context));

    await t.close();
    open = false;
    await new Promise((resolve) => setTimeout(resolve, 3 * CAMPAIGN_TIMER_MS));
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining("[sandbox campaigns]"));
    warn.mockRestore();
  }, 60_000);
});
