import { activityAnswer } from "@/lib/server/activity/answers";
import { endpoint } from "@/lib/server/http/endpoint";

// Who did what through the inbox: for a thread or contact the viewer may see, team-wide for managers.
export const GET = endpoint("activity.list", async ({ runtime, viewer, query }) => activityAnswer(runtime, viewer, query));
