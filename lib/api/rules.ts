import { z } from "zod";
import { platformName, serviceId, timestamp } from "./primitives";

/**
 * Rules: "when → if → then", kept by the inbox (lib/server/routing/rules; the API has no such
 * thing) and edited by managers and admins in Settings → Rules. Endpoints under
 * /api/inbox/rules (lib/api/inbox-endpoints): members may neither read nor change them.
 *
 * - **When** (`trigger`): a message arrives (`messageReceived`), a conversation is created
 *   (`conversationCreated`) or a contact's status changes (`contactStatusChanged`: the rule
 *   then acts on the contact's most recent conversation).
 * - **If** (`conditions`): all must hold. `textContains` looks at the arriving message's text
 *   (for the other triggers, the conversation's latest message), case-insensitively;
 *   `campaign` matches the campaign ID the conversation carries (`campaignId`, the campaign
 *   that started it); `tag` and `status` look at the conversation's contact; `verified` at its
 *   profile; `unassigned` at the conversation's effective assignee.
 * - **Then** (`actions`), in order. Each failing action is logged and the others still run.
 * - Rules run in `position` order, enabled ones only, once per event across every instance;
 *   a rule that matched with `stopAfter` stops the rules after it for that event.
 * - Rules run before automatic routing: a conversation waits for them before routing looks at
 *   it. An `assign` action takes it out of routing's queue (it has an assignee of its own);
 *   `autoAssign` puts it in the queue, to be routed by its account link's routing.
 */
export const RULE_TRIGGERS = ["messageReceived", "conversationCreated", "contactStatusChanged"] as const;
export type RuleTrigger = (typeof RULE_TRIGGERS)[number];

/** The most conditions and actions one rule holds, and the most rules: bounds, not policy. */
export const MAX_RULE_PARTS = 20;
export const MAX_RULES = 200;
const MAX_IDS = 100;

const ids = (what: string) =>
  z
    .array(serviceId)
    .min(1, `Choose at least one ${what}.`)
    .max(MAX_IDS)
    .refine((list) => new Set(list).size === list.length, `Name each ${what} once.`);

export const ruleCondition = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("accountLink"), accountLinkIds: ids("account link") }),
    z.strictObject({ type: z.literal("platform"), platforms: z.array(platformName).min(1, "Choose at least one platform.").max(MAX_IDS) }),
    z.strictObject({ type: z.literal("campaign"), campaignIds: ids("campaign") }),
    z.strictObject({ type: z.literal("textContains"), text: z.string().trim().min(1, "Say what text the message contains.").max(200, "Keep the text under 200 characters.") }),
    z.strictObject({ type: z.literal("tag"), tagId: serviceId }),
    z.strictObject({ type: z.literal("status"), statusIds: ids("status") }),
    z.strictObject({ type: z.literal("verified"), verified: z.boolean() }),
    z.strictObject({ type: z.literal("unassigned"), unassigned: z.boolean() }),
  ],
  { error: "A condition's type is accountLink, platform, campaign, textContains, tag, status, verified or unassigned." },
);
export type RuleCondition = z.infer<typeof ruleCondition>;
export type RuleConditionType = RuleCondition["type"];

/** Snoozes for at most 30 days; null hours: until the contact replies. */
export const MAX_SNOOZE_HOURS = 24 * 30;

export const ruleAction = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("assign"), memberId: serviceId }),
    z.strictObject({ type: z.literal("autoAssign") }),
    z.strictObject({ type: z.literal("addTag"), tagId: serviceId }),
    z.strictObject({ type: z.literal("removeTag"), tagId: serviceId }),
    z.strictObject({ type: z.literal("setStatus"), statusId: serviceId }),
    z.strictObject({ type: z.literal("archive") }),
    z.strictObject({ type: z.literal("snooze"), hours: z.number().int().min(1, "Snooze for at least an hour.").max(MAX_SNOOZE_HOURS, "Snooze for at most 30 days.").nullable() }),
  ],
  { error: "An action's type is assign, autoAssign, addTag, removeTag, setStatus, archive or snooze." },
);
export type RuleAction = z.infer<typeof ruleAction>;
export type RuleActionType = RuleAction["type"];

/** What a rule says, without its identity: the body of a create and of a dry run. */
export const ruleBody = z.strictObject({
  name: z.string().trim().min(1, "Give the rule a name.").max(80, "Keep the name under 80 characters."),
  enabled: z.boolean().default(true),
  trigger: z.enum(RULE_TRIGGERS, { error: `A rule's trigger is ${RULE_TRIGGERS.join(", ")}.` }),
  conditions: z.array(ruleCondition).max(MAX_RULE_PARTS, `At most ${MAX_RULE_PARTS} conditions.`),
  actions: z.array(ruleAction).min(1, "Add at least one action.").max(MAX_RULE_PARTS, `At most ${MAX_RULE_PARTS} actions.`),
  stopAfter: z.boolean().default(false),
});
export type RuleBody = z.input<typeof ruleBody>;
export type RuleDefinition = z.output<typeof ruleBody>;

export const rule = z.object({
  id: z.string(),
  name: z.string(),
  /** 0 first. */
  position: z.number().int(),
  enabled: z.boolean(),
  trigger: z.enum(RULE_TRIGGERS),
  conditions: z.array(ruleCondition),
  actions: z.array(ruleAction),
  stopAfter: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Rule = z.infer<typeof rule>;
export const ruleList = z.object({ data: z.array(rule) });

/** PATCH /api/inbox/rules/:ruleId: any of a rule's fields. */
export const rulePatch = z.strictObject({
  name: ruleBody.shape.name.optional(),
  enabled: z.boolean().optional(),
  trigger: ruleBody.shape.trigger.optional(),
  conditions: ruleBody.shape.conditions.optional(),
  actions: ruleBody.shape.actions.optional(),
  stopAfter: z.boolean().optional(),
});
export type RulePatch = z.infer<typeof rulePatch>;

/**
 * PUT /api/inbox/rules/order: rules' IDs, first to last. The rules named take that order in the
 * places they held among themselves; rules not named (one another manager just added) keep theirs.
 */
export const ruleOrder = z.strictObject({
  ruleIds: z
    .array(z.string().min(1))
    .max(MAX_RULES)
    .refine((list) => new Set(list).size === list.length, "Name each rule once."),
});

/** POST /api/inbox/rules/dry-run: a rule's body as the editor holds it; a name and actions may still be missing. */
export const dryRunBody = ruleBody.extend({
  name: z.string().max(80).optional(),
  actions: z.array(ruleAction).max(MAX_RULE_PARTS).optional(),
});

/** How many of the latest conversations a dry run looks at. */
export const DRY_RUN_LIMIT = 200;

export const dryRunMatch = z.object({
  threadId: serviceId,
  contactName: z.string().nullable(),
  preview: z.string().nullable(),
  at: timestamp,
});
/**
 * POST /api/inbox/rules/dry-run, with a rule's body: of the `looked` most recent conversations
 * the inbox holds (no upstream read), the ones the rule's conditions match now. The text a
 * dry run sees is each conversation's latest message preview.
 */
export const dryRunAnswer = z.object({ looked: z.number().int(), matched: z.array(dryRunMatch) });
export type DryRunAnswer = z.infer<typeof dryRunAnswer>;

/** The actor a rule's writes carry in the activity log: Rule “VIP to Priya”. */
export function ruleActor(name: string): string {
  return `Rule “${name}”`;
}
