import { mentionsAnswer } from "@/lib/server/comments/answers";
import { endpoint } from "@/lib/server/http/endpoint";

// The viewer's own mentions on threads they may see, newest first, with the unread count.
export const GET = endpoint("mentions.list", async ({ runtime, viewer }) => mentionsAnswer(runtime, viewer));
