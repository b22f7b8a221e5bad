import { z } from "zod";
import { openEnum, platformName, serviceId, timestamp } from "../primitives";

/**
 * Campaigns, in the shape POST /campaigns/{campaignId}/sync answers. Choices where the spec
 * says "not shown" are written beside each schema and listed in lib/api/outreach.ts.
 */
export const CAMPAIGN_STATUSES = ["draft", "active", "paused", "completed"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Message segments: fixed text, one of several options (a variation), or a variable. */
export const segment = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("static"), text: z.string() }),
  z.looseObject({ type: z.literal("variation"), options: z.array(z.string()).min(1) }),
  z.looseObject({ type: z.literal("variable"), name: z.string().min(1) }),
]);
export type Segment = z.infer<typeof segment>;

/** Step type names are ours: `message`, `delay` and `likePost` (its `data` is "not shown": `{}`). */
export const STEP_TYPES = ["message", "delay", "likePost"] as const;
export const DELAY_UNITS = ["minutes", "hours", "days"] as const;
export const messageStepData = z.looseObject({ segments: z.array(segment).min(1) });
export const delayStepData = z.looseObject({ delaySeconds: z.number().int().positive(), unit: z.enum(DELAY_UNITS) });

export const step = z.looseObject({
  id: serviceId,
  rank: z.number().int().nonnegative(),
  type: openEnum(STEP_TYPES),
  data: z.record(z.string(), z.unknown()),
  campaignVersion: z.number().int().positive(),
});
export type Step = z.infer<typeof step>;

/** Triggers and actions beyond the spec's examples are ours. */
export const AUTOMATION_TRIGGERS = ["firstReply", "anyReply", "sequenceCompleted"] as const;
export const AUTOMATION_ACTIONS = ["setStatus", "addTags", "removeTags", "assign"] as const;
export const automation = z.looseObject({
  id: serviceId,
  trigger: openEnum(AUTOMATION_TRIGGERS),
  action: openEnum(AUTOMATION_ACTIONS),
  actionData: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
});
export type Automation = z.infer<typeof automation>;

export const customVariable = z.looseObject({ displayName: z.string(), description: z.string().nullable() });
/** `first-name` always exists: the service fills it from the prospect's name. */
export const FIRST_NAME_VARIABLE = "first-name";

/** Day `0` (Sunday) to `6` (Saturday), each in minutes of the day; an omitted day sends nothing. */
export const scheduleHours = z.partialRecord(
  z.enum(["0", "1", "2", "3", "4", "5", "6"]),
  z.looseObject({ start: z.number().int().min(0).max(1440), end: z.number().int().min(0).max(1440) }),
);

/** `hourlyMessageRate`: 1 to 60 per account; above 20 is not recommended. */
export const HOURLY_RATE = { min: 1, max: 60, recommendedMax: 20 } as const;

export const campaign = z.looseObject({
  id: serviceId,
  name: z.string(),
  description: z.string().nullable(),
  status: openEnum(CAMPAIGN_STATUSES),
  dryRun: z.boolean(),
  isMigratedToV2: z.boolean(),
  targetsCount: z.number().int().nonnegative(),
  contactedCount: z.number().int().nonnegative(),
  repliesCount: z.number().int().nonnegative(),
  completionRate: z.number().min(0).max(1),
  replyRate: z.number().min(0).max(1),
  createdAt: timestamp,
  updatedAt: timestamp.nullable(),
  pausedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  lastStartedAt: timestamp.nullable(),
  type: z.string(),
  hourlyMessageRate: z.number().int().min(HOURLY_RATE.min).max(HOURLY_RATE.max),
  scheduleTimezone: z.string(),
  scheduleHours,
  estimatedTargets: z.number().int().nonnegative(),
  isHydrating: z.boolean(),
  isBuildingPlan: z.boolean(),
  steps: z.array(step),
  lists: z.array(z.looseObject({ listId: serviceId, exclude: z.boolean() })),
  accountLinkIds: z.array(serviceId),
  automations: z.array(automation),
  customVariables: z.record(z.string(), customVariable),
  /** Ours: the highest `campaignVersion`, whose steps are the active sequence. */
  activeVersion: z.number().int().nonnegative(),
});
export type Campaign = z.infer<typeof campaign>;

/** 422 `campaignInvalid`: what sync or start found wrong, one `{ field, issue }` each. */
export const campaignIssue = z.looseObject({ field: z.string(), issue: z.string() });

/**
 * POST /campaigns/{campaignId}/leads/{identifier}/cancel. `platform` is required with
 * `platformId` and `username` unless the campaign's account links are all on one platform
 * (the "single supported platform"); it is ignored with `externalId`.
 */
export const LEAD_IDENTIFIER_KINDS = ["platformId", "username", "externalId"] as const;
export const leadCancelBody = z.strictObject({
  by: z.enum(LEAD_IDENTIFIER_KINDS).default("platformId"),
  platform: platformName.optional(),
});
