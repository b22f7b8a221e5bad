import type { z } from "zod";
import { activityPage, activityQuery } from "./activity";
import { comment, commentList, commentPatch, commentQuery, mentionList, mentionsRead, mentionsReadAnswer, newComment } from "./comments";
import { draft, draftQuery, draftSave, threadDrafts } from "./drafts";
import { counts, healthReport, inboxStatus, noContent, readAnswer } from "./inbox";
import { presenceBeat } from "./inbox-events";
import { stageTimes } from "./pipeline";
import { memberPreferences, preferencesPatch } from "./preferences";
import { readChange, readMarks } from "./read-state";
import { newSavedReply, savedReply, savedReplyList, savedReplyPatch } from "./saved-replies";
import { availabilityChange, availabilityList, capacityChange, linkRouting, linkRoutingChange, memberAvailability, routingOverview } from "./routing";
import { newScheduledSend, scheduledSend, scheduledSendList, scheduledSendPatch, scheduledSendQuery } from "./scheduled-sends";
import { dryRunAnswer, dryRunBody, rule, ruleBody, ruleList, ruleOrder, rulePatch } from "./rules";
import { searchPage, searchQuery } from "./search";
import { newFollowUp, newSnooze, snooze, snoozeList, snoozeTarget } from "./snoozes";
import { teamSettings, teamSettingsPatch } from "./settings";
import { inboxUser, newUser, passwordReset, userList, userPatch } from "./users";
import { teamWorkload } from "./workload";
import { INBOX_ROUTES, type InboxOperation, type InboxRouteRow } from "./inbox-routes";

export { INBOX_OPERATIONS, inboxRoute, type Caller, type InboxMethod, type InboxOperation, type InboxRoute } from "./inbox-routes";

/**
 * What the inbox's own endpoints (lib/api/inbox-routes) take and answer: the query, the JSON
 * body and the JSON answer (a 204 is `noContent`) of each that has them. `INBOX_ENDPOINTS` is
 * the two tables as one, the contract the server's `endpoint()` wrapper enforces.
 */
export type EndpointSchemas = {
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
};

export const INBOX_SCHEMAS = {
  "health.get": { response: healthReport },
  "presence.beat": { body: presenceBeat, response: noContent },
  "settings.get": { response: teamSettings },
  "settings.update": { body: teamSettingsPatch, response: teamSettings },
  "activity.list": { query: activityQuery, response: activityPage },
  "counts.get": { response: counts },
  "preferences.get": { response: memberPreferences },
  "preferences.update": { body: preferencesPatch, response: memberPreferences },
  "drafts.get": { query: draftQuery, response: threadDrafts },
  "drafts.save": { body: draftSave, response: draft },
  "drafts.delete": { query: draftQuery, response: noContent },
  "comments.list": { query: commentQuery, response: commentList },
  "comments.create": { body: newComment, response: comment },
  "comments.update": { body: commentPatch, response: comment },
  "comments.delete": { response: noContent },
  "mentions.list": { response: mentionList },
  "mentions.read": { body: mentionsRead, response: mentionsReadAnswer },
  "reads.list": { response: readMarks },
  "reads.mark": { body: readChange, response: readAnswer },
  "savedReplies.list": { response: savedReplyList },
  "savedReplies.create": { body: newSavedReply, response: savedReply },
  "savedReplies.update": { body: savedReplyPatch, response: savedReply },
  "savedReplies.delete": { response: noContent },
  "search.messages": { query: searchQuery, response: searchPage },
  "snoozes.list": { response: snoozeList },
  "snoozes.create": { body: newSnooze, response: snooze },
  "snoozes.delete": { query: snoozeTarget, response: noContent },
  "followUps.create": { body: newFollowUp, response: snooze },
  "scheduledSends.list": { query: scheduledSendQuery, response: scheduledSendList },
  "scheduledSends.create": { body: newScheduledSend, response: scheduledSend },
  "scheduledSends.update": { body: scheduledSendPatch, response: scheduledSend },
  "scheduledSends.delete": { response: noContent },
  "stageTimes.list": { response: stageTimes },
  "status.get": { response: inboxStatus },
  "workload.get": { response: teamWorkload },
  "availability.list": { response: availabilityList },
  "availability.set": { body: availabilityChange, response: memberAvailability },
  "routing.get": { response: routingOverview },
  "routing.setLink": { body: linkRoutingChange, response: linkRouting },
  "routing.setCapacity": { body: capacityChange, response: memberAvailability },
  "rules.list": { response: ruleList },
  "rules.create": { body: ruleBody, response: rule },
  "rules.update": { body: rulePatch, response: rule },
  "rules.delete": { response: noContent },
  "rules.reorder": { body: ruleOrder, response: ruleList },
  "rules.dryRun": { body: dryRunBody, response: dryRunAnswer },
  "users.list": { response: userList },
  "users.create": { body: newUser, response: inboxUser },
  "users.update": { body: userPatch, response: inboxUser },
  "users.delete": { response: noContent },
  "users.setPassword": { body: passwordReset, response: noContent },
} as const satisfies Partial<Record<InboxOperation, EndpointSchemas>>;

export type InboxEndpoint = InboxRouteRow & EndpointSchemas;

type Routes = typeof INBOX_ROUTES;
type Schemas = typeof INBOX_SCHEMAS;
export type InboxEndpoints = { [O in InboxOperation]: Routes[O] & (O extends keyof Schemas ? Schemas[O] : unknown) };

export const INBOX_ENDPOINTS = Object.fromEntries(
  Object.entries(INBOX_ROUTES).map(([operation, route]) => [operation, { ...route, ...(INBOX_SCHEMAS as Record<string, EndpointSchemas>)[operation] }]),
) as InboxEndpoints;
