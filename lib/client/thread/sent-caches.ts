import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { Message } from "@/lib/api/messages";
import type { Page } from "@/lib/api/primitives";
import type { Thread } from "@/lib/api/threads";
import { threadQueries } from "@/lib/client/queries/threads";

/** How a sent message goes into the caches the thread pane and the lists read (./send). */
/** The history with a sent message in it: replaced where it already is, else first on the newest page. */
export function withMessage<PageParam>(
  data: InfiniteData<Page<Message>, PageParam> | undefined,
  message: Message,
): InfiniteData<Page<Message>, PageParam> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.data.some((m) => m.id === message.id))) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((m) => (m.id === message.id ? message : m)) })) };
  }
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, data: [message, ...first!.data] }, ...rest] };
}

/** The thread as the send's answer has it, keeping what the cached copy had expanded. */
export function mergeThread(old: Thread, fresh: Thread): Thread {
  return {
    ...old,
    ...fresh,
    contact: fresh.contact ?? old.contact,
    profile: fresh.profile ?? old.profile,
    accountLink: fresh.accountLink ?? old.accountLink,
    assignee: fresh.assignee ?? old.assignee,
  };
}

/** The thread after a message of ours, when only the message is known (a send confirmed by reading it). */
export function withLastMessage(thread: Thread, message: Message): Thread {
  if (thread.lastMessage && new Date(thread.lastMessage.sentAt) > new Date(message.sentAt)) return thread;
  const preview = message.content?.slice(0, PREVIEW_LENGTH) ?? null;
  return {
    ...thread,
    lastMessage: { id: message.id, direction: message.direction, sentAt: message.sentAt, preview },
    activity: { ...thread.activity, at: message.sentAt, preview },
  };
}

// As the API cuts thread previews; the next read brings the server's own.
const PREVIEW_LENGTH = 120;

export function cachedMessage(queryClient: QueryClient, threadId: string, messageId: string): Message | null {
  const data = queryClient.getQueryData(threadQueries.messages(threadId).queryKey);
  for (const page of data?.pages ?? []) {
    const found = page.data.find((m) => m.id === messageId);
    if (found) return found;
  }
  return null;
}
