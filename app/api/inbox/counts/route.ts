import { countsAnswer } from "@/lib/server/gateway/answers";
import { endpoint } from "@/lib/server/http/endpoint";

// Threads and unread threads per folder and queue, as the viewer may see them, unread for the viewer.
export const GET = endpoint("counts.get", async ({ runtime, viewer }) => countsAnswer(runtime, viewer));
