import { metricsRoute } from "@/lib/server/http/metrics-route";

// The process's metrics in the Prometheus text format: a bearer token, or this machine only (lib/server/http/metrics-route).
export const GET = metricsRoute;

export const dynamic = "force-dynamic";
