import "server-only";
import { contact as contactSchema, type Contact } from "@/lib/api/contacts";
import { ApiError } from "@/lib/api/errors";
import { errorBody } from "@/lib/api/error-schemas";
import type { MessageTarget } from "@/lib/api/messages";
import { page } from "@/lib/api/primitives";
import { canSee, type Viewer } from "../access/visibility";
import type { Gateway } from "./gateway";
import type { IndexedThread } from "./thread-query";

/**
 * Where a send to a `contact` or `profile` target lands, worked out before it goes (spec,
 * POST /messages): in the person's existing thread with that account link, or else in a new
 * thread, which takes its assignee from the person's contact. The spec does not say which of
 * a contact's profiles on the platform is used, so every thread between the account link and
 * any of the person's profiles counts.
 */
export type Landing = {
  /** Existing threads the message may go into. */
  threads: IndexedThread[];
  /** The person's contact, whose assignee a new thread takes; null when they have none yet. */
  contact: Contact | null;
};

export async function landingOf(target: Exclude<MessageTarget, { type: "thread" }>, gateway: Gateway, viewer: Viewer): Promise<Landing> {
  await gateway.index.ready();
  const all = gateway.index.all().filter((t) => t.accountLinkId === target.accountLinkId);
  if (target.type === "contact") {
    const contact = await gateway.contact(target.contactId);
    const profileIds = new Set(contact.profiles.map((p) => p.id));
    return { threads: all.filter((t) => t.contactId === contact.id || profileIds.has(t.profileId)), contact };
  }
  const samePerson = (t: IndexedThread) => t.profile?.platform === target.platform && t.profile.platformId === target.platformId;
  // The index knows the person's contact when any account talks with them; else the API is asked.
  const known = gateway.index.all().find((t) => samePerson(t) && t.contact)?.contact ?? null;
  const contact = known ?? (await contactByProfile(target.platform, target.platformId, gateway, viewer));
  const profileIds = new Set(contact?.profiles.filter((p) => p.platform === target.platform && p.platformId === target.platformId).map((p) => p.id));
  return { threads: all.filter((t) => samePerson(t) || profileIds.has(t.profileId)), contact };
}

/**
 * Why a member may not send there (the code of the 404 a hidden resource answers), or null.
 * A new thread is as visible as the contact it would belong to.
 */
export function hiddenLanding(landing: Landing, viewer: Viewer): "threadNotFound" | null {
  if (landing.threads.some((t) => !canSee(t, viewer))) return "threadNotFound";
  if (landing.threads.length === 0 && landing.contact && !canSee(landing.contact, viewer)) return "threadNotFound";
  return null;
}

async function contactByProfile(platform: string, platformId: string, gateway: Gateway, viewer: Viewer): Promise<Contact | null> {
  const answer = await gateway.read("contacts.list", "/contacts", {}, new URLSearchParams({ platform, platformId }), viewer);
  const json: unknown = await answer.json().catch(() => null);
  if (!answer.ok) {
    // Unknown means unchecked: the send waits for an answer rather than going blind.
    const body = errorBody.safeParse(json);
    throw new ApiError({ status: answer.status, code: body.success ? body.data.code : "upstreamUnavailable", message: body.success ? body.data.message : undefined, requestId: answer.headers.get("x-request-id") });
  }
  return page(contactSchema).parse(json).data[0] ?? null;
}
