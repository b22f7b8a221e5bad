import { z } from "zod";
import { serviceId, timestamp } from "./primitives";

/**
 * Routing: who gets a new conversation (the inbox's own, lib/server/routing; the API has no such
 * thing). Endpoints under /api/inbox/availability and /api/inbox/routing (lib/api/inbox-endpoints).
 *
 * - Availability: each member says `available` or `away`. Routing also counts a member away when
 *   they are signed out (no live session) or idle (no request and no open tab for
 *   `INBOX_AWAY_AFTER_MINUTES`): `away` then says why.
 * - Per account link, `mode`: `off`, `roundRobin` (in turn, among the chosen members), or
 *   `balanced` (the one with the fewest open conversations, however assigned). Only `memberIds`
 *   chosen for the link, and available, get conversations; never past their `capacity`: how many
 *   open conversations routing may have given them at once (those it gave that are not archived
 *   and still theirs; what managers assign by hand is theirs to judge; null means no limit). A
 *   contact whose conversations someone already handles goes back to them when they are
 *   available and below capacity (sticky).
 * - Message requests (people new to the account: every new conversation the sandbox's
 *   `/_sandbox/inbound` starts) are routed when the link's `routeRequests` says so. It is on
 *   unless the team turns it off: a team that turns routing on wants new people answered, and
 *   with it off a request waits in Requests for someone to accept it.
 * - The queue: new conversations nobody can take now wait, oldest first, and go to the first
 *   member who frees up.
 */
export const AVAILABILITY_STATUSES = ["available", "away"] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** Why a member counts as away: they said so, signed out, or have not been seen for a while. */
export const AWAY_REASONS = ["set", "signedOut", "idle"] as const;

export const memberAvailability = z.object({
  memberId: serviceId,
  /** What the member said. */
  status: z.enum(AVAILABILITY_STATUSES),
  /** Whether routing may give them conversations now. */
  available: z.boolean(),
  /** Why not, when not. */
  away: z.enum(AWAY_REASONS).nullable(),
  capacity: z.number().int().nullable(),
  /** Open conversations assigned to them now (not archived, message requests included), however assigned: what `balanced` compares. */
  open: z.number().int(),
  /** Of those, the ones routing gave them: what `capacity` bounds. */
  routed: z.number().int(),
  lastSeenAt: timestamp.nullable(),
});
export type MemberAvailability = z.infer<typeof memberAvailability>;
export const availabilityList = z.object({ data: z.array(memberAvailability) });

/** PUT /api/inbox/availability: the caller's own; managers may name another member. */
export const availabilityChange = z.strictObject({
  status: z.enum(AVAILABILITY_STATUSES),
  memberId: serviceId.optional(),
});

export const ROUTING_MODES = ["off", "roundRobin", "balanced"] as const;
export type RoutingMode = (typeof ROUTING_MODES)[number];

/** The most members one link routes among, and the largest capacity: bounds, not policy. */
const MAX_MEMBERS = 200;
export const MAX_CAPACITY = 1_000;

export const linkRouting = z.object({
  accountLinkId: serviceId,
  mode: z.enum(ROUTING_MODES),
  memberIds: z.array(serviceId).max(MAX_MEMBERS),
  routeRequests: z.boolean(),
});
export type LinkRouting = z.infer<typeof linkRouting>;

/** PUT /api/inbox/routing/links/:accountLinkId */
export const linkRoutingChange = z.strictObject({
  mode: z.enum(ROUTING_MODES),
  memberIds: z
    .array(serviceId)
    .max(MAX_MEMBERS)
    .refine((ids) => new Set(ids).size === ids.length, "memberIds must not repeat a member"),
  routeRequests: z.boolean().default(true),
});
export type LinkRoutingChange = z.input<typeof linkRoutingChange>;

/** PUT /api/inbox/routing/members/:memberId: the capacity, null for no limit. */
export const capacityChange = z.strictObject({ capacity: z.number().int().min(0).max(MAX_CAPACITY).nullable() });

export const queuedConversation = z.object({ threadId: serviceId, accountLinkId: serviceId, arrivedAt: timestamp });
export const routingQueueSummary = z.object({
  length: z.number().int(),
  oldestArrivedAt: timestamp.nullable(),
  /** Oldest first; at most 50. */
  items: z.array(queuedConversation),
});
export type RoutingQueueSummary = z.infer<typeof routingQueueSummary>;

/** GET /api/inbox/routing (managers): every link's routing, each member's availability and capacity, the queue. */
export const routingOverview = z.object({
  links: z.array(linkRouting),
  members: z.array(memberAvailability),
  queue: routingQueueSummary,
});
export type RoutingOverview = z.infer<typeof routingOverview>;

/** The actor routing's writes carry in the activity log. */
export const ROUTING_ACTOR = "routing";
