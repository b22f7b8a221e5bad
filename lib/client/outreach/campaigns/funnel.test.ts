import { describe, expect, it } from "vitest";
import { funnelOf, funnelSentence, percent } from "./funnel";

describe("funnelOf", () => {
  it("draws each stage as its share of the targets", () => {
    const stages = funnelOf({ targetsCount: 200, contactedCount: 100, repliesCount: 20 });
    expect(stages.map((s) => [s.key, s.count, s.share])).toEqual([
      ["targets", 200, 1],
      ["contacted", 100, 0.5],
      ["replies", 20, 0.1],
    ]);
  });

  it("draws empty bars for a campaign without targets", () => {
    expect(funnelOf({ targetsCount: 0, contactedCount: 0, repliesCount: 0 }).map((s) => s.share)).toEqual([0, 0, 0]);
  });

  it("never draws a bar longer than the track when targets were recomputed below contacted", () => {
    const stages = funnelOf({ targetsCount: 10, contactedCount: 40, repliesCount: 5 });
    expect(Math.max(...stages.map((s) => s.share))).toBe(1);
  });
});

describe("percent", () => {
  it("rounds to whole percents and keeps a tiny rate visible", () => {
    expect(percent(0.1234)).toBe("12%");
    expect(percent(0)).toBe("0%");
    expect(percent(0.004)).toBe("<1%");
    expect(percent(1)).toBe("100%");
  });
});

describe("funnelSentence", () => {
  it("says the funnel in words", () => {
    expect(funnelSentence({ targetsCount: 2400, contactedCount: 300, repliesCount: 45, replyRate: 0.15, completionRate: 0.125 })).toBe(
      "2,400 targets, 300 contacted, 45 replies; reply rate 15%, 13% complete.",
    );
  });
});
