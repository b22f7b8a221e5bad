import { endpoint } from "@/lib/server/http/endpoint";
import { scheduleAnswer, scheduledSendsAnswer } from "@/lib/server/scheduled-sends/answers";

// A thread's scheduled and failed sends, or the viewer's own (lib/api/scheduled-sends).
export const GET = endpoint("scheduledSends.list", async ({ runtime, viewer, query }) => scheduledSendsAnswer(runtime, viewer, query));

// Schedules a reply for a preset or a time, on the inbox's clock.
export const POST = endpoint("scheduledSends.create", async ({ runtime, viewer, body }) => scheduleAnswer(runtime, viewer, body));
