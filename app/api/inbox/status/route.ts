import { statusAnswer } from "@/lib/server/gateway/answers";
import { endpoint } from "@/lib/server/http/endpoint";

// For managers: the team's request quota as the API last reported it, and how events arrive.
export const GET = endpoint("status.get", async ({ runtime }) => statusAnswer(runtime));
