import { atLeast } from "@/lib/api/roles";
import type { Member } from "@/lib/api/team";
import type { AccountLink } from "@/lib/api/platforms";
import { computeWorkload } from "@/lib/api/workload";
import { apiError, route } from "@/lib/server/http/route";

// For managers: who carries what, from the inbox's index (no request to the API for the threads).
export const GET = route(async (_request, { runtime, viewer }) => {
  if (!atLeast(viewer.role, "manager")) throw apiError("forbidden", "Only managers and admins can see the team's workload.");
  const [members, links] = await Promise.all([
    runtime.gateway.read("members.list", "/members", {}, new URLSearchParams({ limit: "100" }), viewer),
    runtime.gateway.read("accountLinks.list", "/account-links", {}, new URLSearchParams({ limit: "100" }), viewer),
  ]);
  const ids = async <T extends { id: string }>(response: Response) => (response.ok ? ((await response.json()) as { data: T[] }).data.map((x) => x.id) : []);
  await runtime.gateway.index.ready();
  const load = computeWorkload(runtime.gateway.index.all(), await ids<Member>(members), await ids<AccountLink>(links));
  return Response.json(load, { headers: { "cache-control": "no-store" } });
});
