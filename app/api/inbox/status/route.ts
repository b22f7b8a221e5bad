import { atLeast } from "@/lib/api/roles";
import { apiError, route } from "@/lib/server/http/route";

// For managers: the team's request quota as the API last reported it, and how events arrive.
export const GET = route(async (_request, { runtime, viewer }) => {
  if (!atLeast(viewer.role, "manager")) throw apiError("forbidden", "Only managers and admins can see the team's request quota.");
  const quota = runtime.gateway.budget.status();
  const events = runtime.events.status();
  return Response.json(
    {
      quota: {
        limit: quota.limit,
        remaining: quota.remaining,
        resetAt: quota.resetAt === null ? null : new Date(quota.resetAt).toISOString(),
        blockedUntil: quota.blockedUntil === null ? null : new Date(quota.blockedUntil).toISOString(),
        waiting: quota.waiting,
      },
      // Counted by this inbox process since it started, for benchmarks and diagnosis.
      upstream: { requests: runtime.upstream.requestCount() },
      events: {
        via: events.via,
        lastSeq: events.lastSeq,
        lastWebhookAt: events.lastWebhookAt === null ? null : new Date(events.lastWebhookAt).toISOString(),
        lastReplayAt: events.lastReplayAt === null ? null : new Date(events.lastReplayAt).toISOString(),
      },
    },
    { headers: { "cache-control": "no-store" } },
  );
});
