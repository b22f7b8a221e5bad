import { outreachPageQuery, defineQuery, strictQuery } from "../query";
import { strictBody } from "../strict-body";
import { leadCancelBody } from "./campaigns";
import { bulkResumeBody, emptyBody } from "./import-jobs";
import { leadListQuery } from "./leads";

/**
 * The outreach endpoints the inbox reaches through its BFF, in `lib/api/endpoints`' form (the
 * table spreads these in): what the inbox shows and does — lists and their leads, a list's
 * import jobs and resuming them, campaigns, their sync, stopping a lead's sequence, deleting a
 * custom column. Start, pause and cancel of campaigns and jobs are the sandbox's own
 * (lib/api/outreach.ts) and not offered to browsers.
 *
 * `optionalBody`: the spec's `{}` bodies (and the lead cancel, whose fields all default) may
 * also be left out, as the API allows; the BFF then forwards nothing.
 */
const none = strictQuery(defineQuery({}));

export const OUTREACH_API_ENDPOINTS = {
  "lists.list": { method: "GET", path: "/lists", query: outreachPageQuery, body: null },
  "lists.get": { method: "GET", path: "/lists/:listId", query: none, body: null },
  "leads.list": { method: "GET", path: "/lists/:listId/leads", query: leadListQuery, body: null },
  "importJobs.list": { method: "GET", path: "/lists/:listId/import-jobs", query: outreachPageQuery, body: null },
  "importJobs.get": { method: "GET", path: "/lists/:listId/import-jobs/:jobId", query: none, body: null },
  "importJobs.resume": { method: "POST", path: "/lists/:listId/import-jobs/:jobId/resume", query: none, body: strictBody(emptyBody), optionalBody: true },
  "importJobs.bulkResume": { method: "POST", path: "/lists/:listId/import-jobs/bulk-resume", query: none, body: strictBody(bulkResumeBody), optionalBody: true },
  "campaigns.list": { method: "GET", path: "/campaigns", query: outreachPageQuery, body: null },
  "campaigns.get": { method: "GET", path: "/campaigns/:campaignId", query: none, body: null },
  "campaigns.sync": { method: "POST", path: "/campaigns/:campaignId/sync", query: none, body: strictBody(emptyBody), optionalBody: true },
  "campaigns.cancelLead": { method: "POST", path: "/campaigns/:campaignId/leads/:identifier/cancel", query: none, body: strictBody(leadCancelBody), optionalBody: true },
  "campaigns.deleteColumn": { method: "DELETE", path: "/campaigns/:campaignId/columns/:columnId", query: none, body: null },
} as const;
