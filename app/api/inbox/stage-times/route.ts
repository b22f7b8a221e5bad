import { stageTimesAnswer } from "@/lib/server/activity/answers";
import { endpoint } from "@/lib/server/http/endpoint";

// When each contact the viewer may see entered its stage, as far as the inbox recorded it (lib/api/pipeline).
export const GET = endpoint("stageTimes.list", async ({ runtime, viewer }) => stageTimesAnswer(runtime, viewer));
