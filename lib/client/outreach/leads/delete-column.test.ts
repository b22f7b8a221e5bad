import { describe, expect, it } from "vitest";
import type { Campaign } from "@/lib/api/outreach/campaigns";
import { campaignForList } from "./delete-column";

const campaign = (id: string, lists: { listId: string; exclude: boolean }[]) => ({ id, lists }) as unknown as Campaign;

describe("the campaign a column is deleted through", () => {
  it("prefers a campaign that targets the list over one that excludes it", () => {
    const campaigns = [campaign("cmp1", [{ listId: "lst1", exclude: true }]), campaign("cmp2", [{ listId: "lst1", exclude: false }])];
    expect(campaignForList(campaigns, "lst1")?.id).toBe("cmp2");
  });

  it("takes a campaign that only excludes it when that is all there is", () => {
    expect(campaignForList([campaign("cmp1", [{ listId: "lst1", exclude: true }])], "lst1")?.id).toBe("cmp1");
  });

  it("is none when no campaign uses the list", () => {
    expect(campaignForList([campaign("cmp1", [{ listId: "lst2", exclude: false }])], "lst1")).toBeNull();
    expect(campaignForList(undefined, "lst1")).toBeNull();
  });
});
