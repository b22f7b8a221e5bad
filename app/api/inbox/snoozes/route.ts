import { endpoint } from "@/lib/server/http/endpoint";
import { snoozeAnswer, snoozesAnswer, unsnoozeAnswer } from "@/lib/server/snoozes/answers";

// The team's snoozes and follow-up reminders on threads the viewer may see (lib/api/snoozes).
export const GET = endpoint("snoozes.list", async ({ runtime, viewer }) => snoozesAnswer(runtime, viewer));

// Snoozes a thread until a preset, a time or the contact's reply.
export const POST = endpoint("snoozes.create", async ({ runtime, viewer, body }) => snoozeAnswer(runtime, viewer, body));

// Wakes a snooze now, ends a reminder, or dismisses a returned mark.
export const DELETE = endpoint("snoozes.delete", async ({ runtime, viewer, query }) => unsnoozeAnswer(runtime, viewer, query));
