import { endpoint } from "@/lib/server/http/endpoint";
import { followUpAnswer } from "@/lib/server/snoozes/answers";

// After a send: bring the conversation back if the contact has not replied in so many days (lib/api/snoozes).
export const POST = endpoint("followUps.create", async ({ runtime, viewer, body }) => followUpAnswer(runtime, viewer, body));
