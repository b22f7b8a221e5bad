import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api as browserApi } from "@/lib/client/api";
import { onInboxEvent } from "@/lib/client/hooks/use-inbox-events";
import { outboxStore } from "@/lib/client/stores/outbox";
import { createSendPipeline, type SendPipeline } from "@/lib/client/thread/send";

/** The send pipeline (./send) as the browser runs it: one per query client, told of reloads, going offline and the server's events. */
const pipelines = new WeakMap<QueryClient, SendPipeline>();

let pageLeaving = false;
if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", () => {
    pageLeaving = true;
    // Another handler may keep the page: then it was not leaving after all.
    setTimeout(() => (pageLeaving = false), 3_000);
  });
  window.addEventListener("pagehide", () => (pageLeaving = true));
  window.addEventListener("pageshow", () => (pageLeaving = false));
}

/** The browser's pipeline for a query client: one per client, so runs in flight are known to every caller. */
export function sendPipelineFor(queryClient: QueryClient): SendPipeline {
  let pipeline = pipelines.get(queryClient);
  if (!pipeline) {
    const created = createSendPipeline({ api: browserApi, queryClient, outbox: outboxStore, leaving: () => pageLeaving, settled: settledFromEvents });
    pipelines.set(queryClient, created);
    // Sends that failed only because the browser was offline go out again when it is back (the
    // server renders the inbox too, and has no browser to listen to).
    if (typeof window !== "undefined") {
      window.addEventListener("online", () => {
        for (const item of outboxStore.getState().items) {
          if (item.state === "failed" && item.error?.code === "networkError") void created.retry(item.localId);
        }
      });
    }
    pipeline = created;
  }
  return pipeline;
}

/** The messages the server's events say settled: delivered (`message.sent`) or not (`message.failed`). */
function settledFromEvents(listener: (messageId: string) => void): () => void {
  return onInboxEvent((event) => {
    if (event.type === "api" && event.messageId && (event.apiType === "message.sent" || event.apiType === "message.failed")) listener(event.messageId);
  });
}

export function useSendPipeline(): SendPipeline {
  return sendPipelineFor(useQueryClient());
}
