import { liveRoute } from "@/lib/server/http/health";

// The process answers: for a load balancer's or supervisor's liveness check (lib/server/http/health).
export const GET = liveRoute;

export const dynamic = "force-dynamic";
