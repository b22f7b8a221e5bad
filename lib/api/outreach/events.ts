import { z } from "zod";
import { platformName, serviceId } from "../primitives";

/**
 * Campaign and target events: what version 2 shows of them, which the spec leaves "not shown".
 * Our choice, made here once (lib/api/events.ts merges this table into its own):
 * - Version 2 carries them under their version 1 names (`campaign.started`, `target.replied`,
 *   …), in the version 2 envelope, in GET /events and in v2 webhooks, from the one log.
 * - `object` is the campaign: `{ type: "campaign", id, url: "/campaigns/{id}" }`.
 * - `data` holds `campaignId` and only the change: for `campaign.*` the new `status`; for
 *   `target.*` the person (`platform`, `platformId`) and where it happened (`threadId`,
 *   `messageId`: the message sent, or the reply; `accountLinkId`), and for sends the step.
 * - `campaign.created` is not emitted: no endpoint creates campaigns.
 * - Version 1 shows the same log's events under the same names, and legacy webhooks the
 *   three `target.*` ones as `targetContacted`, `targetFollowUpSent`, `targetReplied`.
 *
 * When they happen (the sandbox's runner, lib/sandbox/simulator/campaigns.ts):
 * `campaign.started` draft → active; `campaign.resumed` paused → active; `campaign.paused`;
 * `campaign.completed` when every target is done (sequence finished, replied or canceled);
 * `target.contacted` with the first message to a person, `target.followUpSent` with each later
 * one, `target.replied` with the first inbound message in the person's thread after it.
 */
const campaignChange = { campaignId: serviceId, status: z.string() };
/** Where something happened to a person of the campaign: the thread, the message, the account. */
const targetEvent = {
  campaignId: serviceId,
  threadId: serviceId,
  messageId: serviceId,
  accountLinkId: serviceId,
  platform: platformName,
  platformId: z.string(),
};
const targetSend = {
  ...targetEvent,
  /** The message step of the active sequence that was sent. */
  stepId: serviceId,
};

export const OUTREACH_EVENT_DATA = {
  "campaign.started": campaignChange,
  "campaign.resumed": campaignChange,
  "campaign.paused": campaignChange,
  "campaign.completed": campaignChange,
  "target.contacted": targetSend,
  "target.followUpSent": targetSend,
  "target.replied": targetEvent,
} as const satisfies Record<string, z.ZodRawShape>;

export type OutreachEventType = keyof typeof OUTREACH_EVENT_DATA;
