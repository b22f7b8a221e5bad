import { endpoint } from "@/lib/server/http/endpoint";
import { cancelAnswer, rescheduleAnswer } from "@/lib/server/scheduled-sends/answers";

type Params = { sendId: string };

// New words or a new time (its author only); a failed send is scheduled again.
export const PATCH = endpoint<"scheduledSends.update", Params>("scheduledSends.update", async ({ runtime, viewer, params, body }) => rescheduleAnswer(runtime, viewer, params.sendId, body));

// Cancels a scheduled send or discards a failed one (its author, or a manager).
export const DELETE = endpoint<"scheduledSends.delete", Params>("scheduledSends.delete", async ({ runtime, viewer, params }) => cancelAnswer(runtime, viewer, params.sendId));
