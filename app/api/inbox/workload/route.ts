import { workloadAnswer } from "@/lib/server/gateway/answers";
import { endpoint } from "@/lib/server/http/endpoint";

// For managers: who carries what, from the inbox's index (no request to the API for the threads).
export const GET = endpoint("workload.get", async ({ runtime, viewer }) => workloadAnswer(runtime, viewer));
