import { readyRoute } from "@/lib/server/http/health";

// Whether this instance should get traffic: 200, or 503 while starting or stopping (lib/server/http/health).
export const GET = readyRoute;

export const dynamic = "force-dynamic";
