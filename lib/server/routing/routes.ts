import "server-only";
import type { z } from "zod";
import type { AccountLink } from "@/lib/api/platforms";
import { atLeast } from "@/lib/api/roles";
import type { availabilityChange, capacityChange, LinkRouting, linkRoutingChange, MemberAvailability, RoutingOverview } from "@/lib/api/routing";
import type { Member } from "@/lib/api/team";
import type { SessionViewer } from "../http/session";
import { apiError } from "../http/route";
import type { Runtime } from "../runtime/runtime";

/**
 * What the routing endpoints do (their rows in lib/api/inbox-endpoints decide who may call):
 * members say whether they are available; managers may say it for another member, and set
 * each link's rule and each member's capacity. Account links and members are checked against
 * the team's (read through the gateway's cache), so a rule never names what does not exist.
 */
export async function setAvailability(runtime: Runtime, viewer: SessionViewer, body: z.output<typeof availabilityChange>): Promise<MemberAvailability> {
  const memberId = body.memberId ?? viewer.memberId;
  if (!memberId) throw apiError("forbidden", "Your login does not act as a team member yet, so routing has nobody to make available. Ask an admin to link it.");
  if (memberId !== viewer.memberId && !atLeast(viewer.role, "manager")) throw apiError("forbidden", "Only managers and admins can set another member's availability.");
  await requireMembers(runtime, viewer, [memberId]);
  await runtime.routing.setStatus(memberId, body.status);
  return availabilityFor(runtime, memberId);
}

export async function routingOverviewOf(runtime: Runtime): Promise<RoutingOverview> {
  const [links, members, queue] = await Promise.all([runtime.routing.store.links(), runtime.routing.availability(), runtime.routing.queueSummary()]);
  return { links, members, queue };
}

export async function setLinkRouting(runtime: Runtime, viewer: SessionViewer, accountLinkId: string, body: z.output<typeof linkRoutingChange>): Promise<LinkRouting> {
  const links = await teamList<AccountLink>(runtime, viewer, "accountLinks.list", "/account-links");
  if (!links.some((l) => l.id === accountLinkId)) throw apiError("accountLinkNotFound", `No account link ${accountLinkId}.`);
  await requireMembers(runtime, viewer, body.memberIds);
  const rule: LinkRouting = { accountLinkId, mode: body.mode, memberIds: body.memberIds, routeRequests: body.routeRequests };
  await runtime.routing.store.setLink(rule, new Date());
  // Turned on, or more members: what waits may go now.
  runtime.routing.kick();
  return rule;
}

export async function setCapacity(runtime: Runtime, viewer: SessionViewer, memberId: string, body: z.output<typeof capacityChange>): Promise<MemberAvailability> {
  await requireMembers(runtime, viewer, [memberId]);
  await runtime.routing.store.setCapacity(memberId, body.capacity, new Date());
  runtime.routing.kick();
  return availabilityFor(runtime, memberId);
}

async function availabilityFor(runtime: Runtime, memberId: string): Promise<MemberAvailability> {
  const found = (await runtime.routing.availability()).find((a) => a.memberId === memberId);
  // A member of the team without an inbox login can never be signed in.
  return found ?? { memberId, status: "available", available: false, away: "signedOut", capacity: null, open: 0, routed: 0, lastSeenAt: null };
}

async function requireMembers(runtime: Runtime, viewer: SessionViewer, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  const members = new Set((await teamList<Member>(runtime, viewer, "members.list", "/members")).map((m) => m.id));
  const unknown = memberIds.find((id) => !members.has(id));
  if (unknown) throw apiError("memberNotFound", `No member ${unknown} in the team.`);
}

async function teamList<T extends { id: string }>(runtime: Runtime, viewer: SessionViewer, operation: "members.list" | "accountLinks.list", path: string): Promise<T[]> {
  const response = await runtime.gateway.read(operation, path, {}, new URLSearchParams({ limit: "100" }), viewer);
  if (!response.ok) throw apiError("upstreamUnavailable", "The team's members and accounts could not be read just now. Try again in a moment.");
  return ((await response.json()) as { data: T[] }).data;
}
