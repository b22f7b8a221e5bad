import { z } from "zod";
import { serviceId, timestamp } from "../primitives";
import { v1AccountLink, v1Team } from "./resources";
import { v1Message, v1Thread } from "./threads";

/**
 * The legacy webhook format (api-v1-and-outreach "Events"): `{ event, version: 1.0,
 * timestamp, platform, data }`, for the three outreach events only, made from the log's
 * `target.*` events. The spec names the parts of `data`; their shapes are ours:
 * - `team` as GET /v1/team shows it, `accountLink` as GET /v1/account-links, `thread` and
 *   `message` as version 1 shows them; `external` is the person (`id` their profile's,
 *   `image` its avatar, `data` the platform's own fields); `campaign` is `{ id, name, status }`.
 * - Each is its state when the event is first sent (retries resend the same body), null when
 *   the event does not name it or it is gone. `timestamp` is when the event happened.
 * - The event's `data` is read defensively (`campaignId`, `threadId`, `messageId`, `platform`,
 *   `platformId`, `accountLinkId`, each optional): the thread names what the event leaves out.
 */
export const LEGACY_EVENT_OF: Readonly<Record<string, string>> = {
  "target.contacted": "targetContacted",
  "target.followUpSent": "targetFollowUpSent",
  "target.replied": "targetReplied",
};

export const legacyEvent = z.strictObject({
  event: z.enum(["targetContacted", "targetFollowUpSent", "targetReplied"]),
  version: z.literal(1),
  timestamp,
  platform: z.string().nullable(),
  data: z.strictObject({
    team: v1Team.nullable(),
    accountLink: v1AccountLink.nullable(),
    message: v1Message.nullable(),
    external: z
      .strictObject({
        id: serviceId,
        platformId: z.string(),
        platform: z.string(),
        displayName: z.string().nullable(),
        username: z.string().nullable(),
        image: z.string().nullable(),
        data: z.record(z.string(), z.unknown()),
      })
      .nullable(),
    thread: v1Thread.nullable(),
    campaign: z.strictObject({ id: serviceId, name: z.string(), status: z.string() }).nullable(),
  }),
});
export type LegacyEvent = z.infer<typeof legacyEvent>;
