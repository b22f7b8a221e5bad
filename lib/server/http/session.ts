import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { ROLES, type Role } from "../access/policy";
import type { Viewer } from "../access/visibility";
import type { ClientViewer } from "@/lib/client/viewer";
import { noteRequest } from "../runtime/log";
import { runtime, type Runtime } from "../runtime/runtime";

/**
 * Who is asking: the signed-in user behind a request's session cookie, with the inbox role
 * and API member read fresh from the database on every request (a role change applies at
 * once), and the team's visibility setting. Pages call `requireViewer`, which sends a
 * visitor without a session to the login page; route handlers call `viewerFrom`. The user's
 * ID (never their email) goes on the request's log line.
 */
export type SessionViewer = Viewer & {
  userId: string;
  email: string;
  name: string;
  /** The API member this user acts as; empty when not linked (then nothing is "mine"). */
  memberId: string;
  memberLinked: boolean;
};

/** `refresh: false` checks without renewing the session (an open event stream is not a use of it). */
export async function viewerFrom(requestHeaders: Headers, rt?: Runtime, options: { refresh?: boolean } = {}): Promise<SessionViewer | null> {
  const { auth, settings } = rt ?? (await runtime());
  const found = await auth.api.getSession({ headers: requestHeaders, query: options.refresh === false ? { disableRefresh: true } : undefined });
  if (!found) return null;
  const { user } = found;
  noteRequest({ userId: user.id });
  const role = (ROLES as readonly string[]).includes(user.role ?? "") ? (user.role as Role) : "member";
  const { memberVisibility } = await settings.get();
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role,
    memberId: user.memberId ?? "",
    memberLinked: Boolean(user.memberId),
    visibility: memberVisibility,
  };
}

/**
 * For server components: the viewer, or a redirect to the login page that returns to this
 * page. Layouts and pages render in parallel, so every page asks for itself (once per
 * request: the answer is cached) rather than trusting its layout to have asked.
 */
export const requireViewer = cache(async (): Promise<SessionViewer> => {
  const requestHeaders = await headers();
  const viewer = await viewerFrom(requestHeaders);
  if (!viewer) redirect(`/login?next=${encodeURIComponent(requestHeaders.get("x-return-to") ?? "/")}`);
  return viewer;
});

/** What the browser may know of the viewer (lib/client/viewer): no secrets, no session. */
export async function clientViewer(): Promise<ClientViewer> {
  const viewer = await requireViewer();
  const { config } = await runtime();
  return { userId: viewer.userId, name: viewer.name, email: viewer.email, role: viewer.role, memberId: viewer.memberLinked ? viewer.memberId : null, mode: config.mode };
}
