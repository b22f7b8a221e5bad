import "server-only";
import type { newUser, UserChange, UserPatch } from "@/lib/api/users";
import type { z } from "zod";
import { apiError } from "../http/route";
import type { Runtime } from "../runtime/runtime";
import type { SessionViewer } from "../http/session";
import { isUserError, userAdminRefusal, userApiError, type InboxUser } from "./users";

/** What /api/inbox/users and its sub-routes share: the admin check, the target, refusals as API errors. */

type Change = UserChange;

/** The user a route acts on, once the viewer may make `change` to them (403 before 404 for non-admins). */
export async function adminTarget(runtime: Runtime, viewer: SessionViewer, userId: string, change: Change): Promise<InboxUser> {
  const notAdmin = userAdminRefusal(viewer, null, change);
  if (notAdmin) throw apiError("forbidden", notAdmin);
  const target = await runtime.users.byId(userId);
  if (!target) throw apiError("userNotFound", `No user ${userId}.`);
  const refusal = userAdminRefusal(viewer, target.id, change);
  if (refusal) throw apiError("forbidden", refusal);
  return target;
}

/** Refuses an API member the API does not know, so a typo shows now, not at the first assignment. */
export async function checkedMember(runtime: Runtime, viewer: SessionViewer, memberId: string | null): Promise<string | null> {
  if (!memberId) return null;
  const answer = await runtime.gateway.read("members.get", `/members/${memberId}`, { memberId }, new URLSearchParams(), viewer);
  if (answer.status === 404) throw apiError("memberNotFound", `The API has no member ${memberId}.`);
  if (!answer.ok) throw apiError("upstreamUnavailable", "The API could not be asked about that member.");
  return memberId;
}

/** Runs a lib/server/accounts/users operation, answering its refusals with their API errors. */
export async function usersCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw isUserError(error) ? userApiError(error) : error;
  }
}

/** Adds a user (the endpoint table has let only admins through). */
export async function addUser(runtime: Runtime, viewer: SessionViewer, input: z.output<typeof newUser>): Promise<InboxUser> {
  const refusal = userAdminRefusal(viewer, null, "add");
  if (refusal) throw apiError("forbidden", refusal);
  const memberId = await checkedMember(runtime, viewer, input.memberId);
  return usersCall(() => runtime.users.add({ ...input, memberId }));
}

/** Changes a user's name, role or API member; an admin's own role is another admin's to change. */
export async function updateUser(runtime: Runtime, viewer: SessionViewer, userId: string, patch: UserPatch): Promise<InboxUser> {
  const target = await adminTarget(runtime, viewer, userId, patch.role !== undefined ? "role" : "edit");
  const memberId = patch.memberId !== undefined ? await checkedMember(runtime, viewer, patch.memberId) : undefined;
  return usersCall(() => runtime.users.update(target.email, memberId === undefined ? patch : { ...patch, memberId }));
}

/** Removes a user (not oneself); their sessions end at once. */
export async function removeUser(runtime: Runtime, viewer: SessionViewer, userId: string): Promise<void> {
  const target = await adminTarget(runtime, viewer, userId, "remove");
  await usersCall(() => runtime.users.remove(target.email));
}

/** Sets a user's new password; their sessions end at once. */
export async function setPassword(runtime: Runtime, viewer: SessionViewer, userId: string, password: string): Promise<void> {
  const target = await adminTarget(runtime, viewer, userId, "password");
  await usersCall(() => runtime.users.resetPassword(target.email, password));
}
