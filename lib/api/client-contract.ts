import type { z } from "zod";
import { contact, contactListQuery, contactPatch } from "./contacts";
import { eventListQuery, eventPage } from "./events";
import { colorList, status, statusCreate, statusPatch, tag, tagCreate, tagPatch } from "./labels";
import {
  attachmentUrl,
  message,
  messageDeleteQuery,
  messageHistory,
  messagePatch,
  reactionCreate,
  reactionDeleteQuery,
  reactionsResult,
  sendMessage,
  sendMessageResult,
} from "./messages";
import { campaign, leadCancelBody } from "./outreach/campaigns";
import { bulkResumeBody, emptyBody, importJob, successResult } from "./outreach/import-jobs";
import { lead, leadListQuery, list } from "./outreach/leads";
import { accountLink, accountLinkListQuery, platformList } from "./platforms";
import { page } from "./primitives";
import { outreachPageQuery, pageQuery, type QueryDefinition } from "./query";
import { member, team } from "./team";
import { thread, threadDeleteResult, threadGetQuery, threadListQuery, threadPatch, typingResult } from "./threads";

/**
 * What the typed client checks of each operation of lib/api/client-methods: the query and body
 * a request may carry and the answer it must get (null: none, a 204). The names are those of
 * lib/api/endpoints. These are the API's own, lenient schemas (an unknown query key or body
 * field is ignored, as the API ignores it), not the BFF's strict ones.
 *
 * Only `createApiClient` (lib/api/client) reads the table; the browser's client takes its
 * types alone (`import type`), so no schema is shipped to the page.
 */
export type ContractRow = {
  query?: QueryDefinition<z.ZodType>;
  body?: z.ZodType;
  response: z.ZodType | null;
};

export const CLIENT_CONTRACT = {
  "platforms.list": { response: platformList },
  "team.get": { response: team },
  "members.list": { query: pageQuery, response: page(member) },
  "members.get": { response: member },
  "accountLinks.list": { query: accountLinkListQuery, response: page(accountLink) },
  "accountLinks.get": { response: accountLink },
  "threads.list": { query: threadListQuery, response: page(thread) },
  "threads.get": { query: threadGetQuery, response: thread },
  "threads.update": { body: threadPatch, response: thread },
  "threads.delete": { response: threadDeleteResult },
  "threads.typing": { response: typingResult },
  "threads.messages": { query: pageQuery, response: page(message) },
  "messages.send": { body: sendMessage, response: sendMessageResult },
  "messages.get": { response: message },
  "messages.update": { body: messagePatch, response: message },
  "messages.delete": { query: messageDeleteQuery, response: message },
  "messages.history": { response: messageHistory },
  "messages.react": { body: reactionCreate, response: reactionsResult },
  "messages.unreact": { query: reactionDeleteQuery, response: reactionsResult },
  "messages.attachmentUrl": { response: attachmentUrl },
  "contacts.list": { query: contactListQuery, response: page(contact) },
  "contacts.get": { response: contact },
  "contacts.update": { body: contactPatch, response: contact },
  "contacts.addTag": { response: contact },
  "contacts.removeTag": { response: contact },
  "tags.list": { query: pageQuery, response: page(tag) },
  "tags.get": { response: tag },
  "tags.create": { body: tagCreate, response: tag },
  "tags.update": { body: tagPatch, response: tag },
  "tags.delete": { response: null },
  "statuses.list": { query: pageQuery, response: page(status) },
  "statuses.get": { response: status },
  "statuses.create": { body: statusCreate, response: status },
  "statuses.update": { body: statusPatch, response: status },
  "statuses.delete": { response: null },
  "colors.list": { response: colorList },
  "events.list": { query: eventListQuery, response: eventPage },
  "lists.list": { query: outreachPageQuery, response: page(list) },
  "lists.get": { response: list },
  "leads.list": { query: leadListQuery, response: page(lead) },
  "importJobs.list": { query: outreachPageQuery, response: page(importJob) },
  "importJobs.get": { response: importJob },
  "importJobs.resume": { body: emptyBody, response: importJob },
  "importJobs.bulkResume": { body: bulkResumeBody, response: successResult },
  "campaigns.list": { query: outreachPageQuery, response: page(campaign) },
  "campaigns.get": { response: campaign },
  "campaigns.sync": { body: emptyBody, response: campaign },
  "campaigns.cancelLead": { body: leadCancelBody, response: successResult },
  "campaigns.deleteColumn": { response: successResult },
} as const satisfies Record<string, ContractRow>;

export type ClientOperation = keyof typeof CLIENT_CONTRACT;
