import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contactPatch } from "./contacts";
import { ENDPOINTS, OPERATIONS } from "./endpoints";
import { statusCreate, statusPatch, tagCreate, tagPatch } from "./labels";
import { messagePatch, reactionCreate, sendMessage } from "./messages";
import { leadCancelBody } from "./outreach/campaigns";
import { bulkResumeBody, emptyBody } from "./outreach/import-jobs";
import { strictBody } from "./strict-body";
import { threadPatch } from "./threads";

/** One valid body per v2 endpoint that takes one, with the API's own (tolerant) schema. */
const EXAMPLES: Record<string, { schema: z.ZodType; valid: unknown }> = {
  "threads.update": { schema: threadPatch, valid: { archived: true, assigneeId: null } },
  "messages.send": { schema: sendMessage, valid: { target: { type: "contact", accountLinkId: "al1", contactId: "con1" }, content: "Hello" } },
  "messages.update": { schema: messagePatch, valid: { content: "Edited" } },
  "messages.react": { schema: reactionCreate, valid: { emoji: "👍" } },
  "contacts.update": { schema: contactPatch, valid: { status: "Won", notes: null, valuation: 12 } },
  "tags.create": { schema: tagCreate, valid: { name: " VIP ", color: "#aa00ff" } },
  "tags.update": { schema: tagPatch, valid: { name: "VIP 2" } },
  "statuses.create": { schema: statusCreate, valid: { name: "Won", position: 2 } },
  "statuses.update": { schema: statusPatch, valid: { color: "#00aa00" } },
  "importJobs.resume": { schema: emptyBody, valid: {} },
  "importJobs.bulkResume": { schema: bulkResumeBody, valid: { jobIds: ["imp1"] } },
  "campaigns.sync": { schema: emptyBody, valid: {} },
  "campaigns.cancelLead": { schema: leadCancelBody, valid: { by: "username", platform: "instagram" } },
};
const VALID = Object.fromEntries(Object.entries(EXAMPLES).map(([operation, { valid }]) => [operation, valid]));

describe("v2 request bodies ignore unknown fields", () => {
  it.each([
    ["PATCH /threads", threadPatch, { archived: true, pinned: true }, { archived: true }],
    ["PATCH /contacts", contactPatch, { notes: "hi", mood: "good" }, { notes: "hi" }],
    ["POST /tags", tagCreate, { name: "VIP", icon: "star" }, { name: "VIP" }],
    ["PATCH /tags", tagPatch, { name: "VIP", icon: "star" }, { name: "VIP" }],
    ["POST /statuses", statusCreate, { name: "Won", probability: 0.9 }, { name: "Won" }],
    ["PATCH /statuses", statusPatch, { name: "Won", probability: 0.9 }, { name: "Won" }],
    ["PATCH /messages", messagePatch, { content: "x", format: "markdown" }, { content: "x" }],
    ["POST reactions", reactionCreate, { emoji: "👍", skinTone: 2 }, { emoji: "👍" }],
    [
      "POST /messages, nested in the target too",
      sendMessage,
      { target: { type: "thread", threadId: "thr1", replyTo: "msg1" }, content: "hi", scheduleAt: null },
      { target: { type: "thread", threadId: "thr1" }, content: "hi" },
    ],
  ])("%s: parsed without them (never applied)", (_label, schema, input, output) => {
    expect((schema as z.ZodType).parse(input)).toEqual(output);
  });

  it("still refuses what is malformed", () => {
    expect(threadPatch.safeParse({ archived: "yes", pinned: true }).success).toBe(false);
    expect(sendMessage.safeParse({ target: { type: "thread" }, content: "hi" }).success).toBe(false);
    expect(sendMessage.safeParse({ target: { type: "thread", threadId: "thr1" }, content: "   " }).success).toBe(false);
  });
});

describe("strictBody: the BFF's table refuses them", () => {
  const bodies = OPERATIONS.filter((operation) => ENDPOINTS[operation].body !== null);

  it("has a valid example for every body it checks", () => {
    expect(bodies.sort()).toEqual(Object.keys(VALID).sort());
  });

  it.each(bodies)("%s: a valid body parses as the API's schema parses it", (operation) => {
    const { schema, valid } = EXAMPLES[operation]!;
    expect(ENDPOINTS[operation].body!.parse(valid)).toEqual(schema.parse(valid));
  });

  it.each(bodies)("%s: an unknown field is refused, with its name", (operation) => {
    const result = ENDPOINTS[operation].body!.safeParse({ ...(VALID[operation] as object), sneaky: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["sneaky"] });
  });

  it("refuses unknown fields nested in a send's target, and a field of another target shape", () => {
    const strict = ENDPOINTS["messages.send"].body;
    for (const target of [
      { type: "thread", threadId: "thr1", sneaky: 1 },
      { type: "thread", threadId: "thr1", accountLinkId: "al1" },
      { type: "profile", accountLinkId: "al1", platform: "x", platformId: "p1", contactId: "con1" },
    ]) {
      const result = strict.safeParse({ target, content: "hi" });
      expect(result.success, JSON.stringify(target)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["target"]);
    }
  });

  it("keeps the schema's own rules and refinements", () => {
    const strict = strictBody(sendMessage);
    expect(strict.safeParse({ target: { type: "thread", threadId: "thr1" }, content: "   " }).success).toBe(false);
    expect(strictBody(z.object({ a: z.number() }).refine((v) => v.a > 1, "small")).safeParse({ a: 1 }).success).toBe(false);
    const nested = strictBody(z.object({ list: z.array(z.object({ id: z.string() })).max(1), maybe: z.object({ x: z.number() }).nullable().optional() }));
    expect(nested.safeParse({ list: [{ id: "a" }] }).success).toBe(true);
    expect(nested.safeParse({ list: [{ id: "a", y: 1 }] }).success).toBe(false);
    expect(nested.safeParse({ list: [{ id: "a" }, { id: "b" }] }).success).toBe(false);
    expect(nested.safeParse({ list: [], maybe: { x: 1, y: 2 } }).success).toBe(false);
    expect(nested.safeParse({ list: [], maybe: null }).success).toBe(true);
  });
});
