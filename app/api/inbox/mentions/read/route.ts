import { markMentionsReadAnswer } from "@/lib/server/comments/answers";
import { endpoint } from "@/lib/server/http/endpoint";

// Marks the viewer's mentions in some comments (or all) read.
export const POST = endpoint("mentions.read", async ({ runtime, viewer, body }) => markMentionsReadAnswer(runtime, viewer, body));
