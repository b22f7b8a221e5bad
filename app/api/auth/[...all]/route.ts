import { toNextJsHandler } from "better-auth/next-js";
import { signInHandler } from "@/lib/server/accounts/sign-in";
import { runtime } from "@/lib/server/runtime/runtime";

// better-auth's endpoints (sign-in, sign-out, session); sign-in also goes through the per-account throttle.
const handler = async (request: Request) => signInHandler(await runtime(), request);

export const { GET, POST } = toNextJsHandler(handler);
