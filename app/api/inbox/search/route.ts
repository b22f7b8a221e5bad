import { endpoint } from "@/lib/server/http/endpoint";
import { searchAnswer } from "@/lib/server/search/answer";

// Messages whose text matches, in the threads the viewer may see (lib/api/search).
export const GET = endpoint("search.messages", async ({ runtime, viewer, query }) => searchAnswer(runtime, viewer, query));
