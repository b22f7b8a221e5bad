import type { z } from "zod";
import type { Call } from "../client-methods";
import { id, invalidRequest, type RequestOptions } from "../client-transport";
import type { PageQuery } from "../query";
import type { leadCancelBody } from "./campaigns";
import type { LeadQuery } from "./leads";

/**
 * The outreach part of the typed client (lib/api/client-methods): lists, leads, import jobs and
 * campaigns, as lib/api/outreach/endpoints offers them through the BFF. Each action sends the
 * spec's `{}` body.
 */
export type LeadPageQuery = {
  limit?: number;
  cursor?: string;
  search?: string;
  /** The structured filter, sent as the JSON text the API reads. */
  query?: LeadQuery;
  /** `<field>` or `<field>:asc|desc`. */
  sort?: string;
};
export type LeadCancel = z.input<typeof leadCancelBody>;

export function outreachMethods(call: Call) {
  return {
    lists: {
      list: (query?: PageQuery, options?: RequestOptions) => call("lists.list", "GET", "/lists", { query, options }),
      get: (listId: string, options?: RequestOptions) => call("lists.get", "GET", () => `/lists/${id(listId)}`, { options }),
      leads: (listId: string, query: LeadPageQuery = {}, options?: RequestOptions) =>
        call("leads.list", "GET", () => `/lists/${id(listId)}/leads`, {
          query: { ...query, query: query.query ? JSON.stringify(query.query) : undefined },
          options,
        }),
    },
    importJobs: {
      list: (listId: string, query?: PageQuery, options?: RequestOptions) =>
        call("importJobs.list", "GET", () => `/lists/${id(listId)}/import-jobs`, { query, options }),
      get: (listId: string, jobId: string, options?: RequestOptions) =>
        call("importJobs.get", "GET", () => `/lists/${id(listId)}/import-jobs/${id(jobId)}`, { options }),
      resume: (listId: string, jobId: string, options?: RequestOptions) =>
        call("importJobs.resume", "POST", () => `/lists/${id(listId)}/import-jobs/${id(jobId)}/resume`, { body: {}, options }),
      /** `jobIds`, or every paused job of the list (which also unfreezes the team's import queue). */
      bulkResume: (listId: string, jobIds?: string[], options?: RequestOptions) =>
        call("importJobs.bulkResume", "POST", () => `/lists/${id(listId)}/import-jobs/bulk-resume`, { body: jobIds ? { jobIds } : {}, options }),
    },
    campaigns: {
      list: (query?: PageQuery, options?: RequestOptions) => call("campaigns.list", "GET", "/campaigns", { query, options }),
      get: (campaignId: string, options?: RequestOptions) => call("campaigns.get", "GET", () => `/campaigns/${id(campaignId)}`, { options }),
      /** Checks the campaign (422 campaignInvalid) and recomputes its figures. */
      sync: (campaignId: string, options?: RequestOptions) =>
        call("campaigns.sync", "POST", () => `/campaigns/${id(campaignId)}/sync`, { body: {}, options }),
      /** Stops the sequence for one person: `identifier` is their platform ID, username or external ID, as `by` says. */
      cancelLead: (campaignId: string, identifier: string, body: LeadCancel = {}, options?: RequestOptions) =>
        call("campaigns.cancelLead", "POST", () => `/campaigns/${id(campaignId)}/leads/${identifierSegment(identifier)}/cancel`, { body, options }),
      /** Deletes a custom column of one of the campaign's lists, purging its data from every lead. */
      deleteColumn: (campaignId: string, columnId: string, options?: RequestOptions) =>
        call("campaigns.deleteColumn", "DELETE", () => `/campaigns/${id(campaignId)}/columns/${id(columnId)}`, { options }),
    },
  };
}

function identifierSegment(value: string): string {
  if (!value.trim() || value === "." || value === "..") throw invalidRequest(`"${value}" is not a lead identifier`);
  return encodeURIComponent(value);
}
