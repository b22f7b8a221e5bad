import { messageContent, type Message } from "@/lib/api/messages";
import { serviceId } from "@/lib/api/primitives";
import type { Thread } from "@/lib/api/threads";
import type { SandboxContext } from "../context";
import {
  appendMessage,
  contactAssigneeOf,
  createProfile,
  ensureContact,
  findProfile,
  findThreadBetween,
  requireAccountLink,
  requirePlatformRow,
  requireThread,
  startThread,
  type ThreadRow,
} from "../model/conversations";
import { fail } from "../http";
import { toMessage, toThread, type MediaUrlSigner } from "../model/serialize";

/**
 * The simulated platforms' side of a conversation: people writing in. Used by the control
 * API and live mode; it never goes through the API's rate limit or faults.
 */
export type InboundInput = {
  content: string;
  /** An existing thread of the team… */
  threadId?: string;
  /** …or a person writing to an account link, found by platformId or created. */
  accountLinkId?: string;
  profile?: { platformId: string; username?: string | null; displayName?: string | null };
};

/** A simulated contact writes in: message.received (and thread.created / contact.created when new). */
export async function injectInbound(
  ctx: SandboxContext,
  teamId: string,
  input: InboundInput,
  signer: MediaUrlSigner,
): Promise<{ message: Message; thread: Thread }> {
  if (!messageContent.safeParse(input.content).success) fail("invalidRequest", "content: a message needs a visible character");
  const byThread = input.threadId !== undefined;
  const byPerson = input.accountLinkId !== undefined || input.profile !== undefined;
  if (byThread === byPerson) fail("invalidRequest", "Give either threadId, or accountLinkId with profile");
  if (byPerson && (input.accountLinkId === undefined || !input.profile?.platformId)) {
    fail("invalidRequest", "A new person's message needs accountLinkId and profile.platformId");
  }
  if (input.threadId !== undefined && !serviceId.safeParse(input.threadId).success) fail("threadNotFound", `No thread ${input.threadId}`);
  if (input.accountLinkId !== undefined && !serviceId.safeParse(input.accountLinkId).success) {
    fail("accountLinkNotFound", `No account link ${input.accountLinkId}`);
  }

  return ctx.store.write(teamId, async (tx, record) => {
    const now = ctx.store.clock.now();
    let thread: ThreadRow;
    if (input.threadId !== undefined) {
      thread = (await requireThread(tx, teamId, input.threadId)).row;
    } else {
      const link = await requireAccountLink(tx, teamId, input.accountLinkId!);
      const person = input.profile!;
      let profile =
        (await findProfile(tx, teamId, link.platform, person.platformId)) ??
        (await createProfile(tx, teamId, link.platform, person.platformId, person));
      ({ profile } = await ensureContact(tx, record, profile, now));
      const existing = await findThreadBetween(tx, teamId, link.id, profile.id);
      // Someone new to this account starts as a message request.
      thread = existing?.row ?? (await startThread(tx, record, { link, profile, acceptanceState: "pending", now }));
    }

    const platform = await requirePlatformRow(tx, thread.platform);
    const appended = await appendMessage(tx, thread, platform, {
      direction: "inbound",
      content: input.content,
      sentBy: null,
      confirmed: true,
      now,
      threadChanges: { unread: true, archived: false },
    });
    record({
      type: "message.received",
      objectType: "message",
      objectId: appended.message.id,
      data: { threadId: appended.thread.id, messageId: appended.message.id },
    });
    const contactAssigneeId = await contactAssigneeOf(tx, teamId, appended.thread.contactId);
    return { message: toMessage(appended.message, now, signer), thread: toThread(appended.thread, contactAssigneeId) };
  });
}
