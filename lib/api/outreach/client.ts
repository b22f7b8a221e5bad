import { z } from "zod";
import type { ApiRequest, RequestOptions } from "../client";
import { id } from "../client";
import { ApiError } from "../errors";
import { page } from "../primitives";
import { outreachPageQuery, type PageQuery } from "../query";
import { campaign, leadCancelBody } from "./campaigns";
import { bulkResumeBody, emptyBody, importJob, successResult } from "./import-jobs";
import { lead, leadListQuery, list, type LeadQuery } from "./leads";

/**
 * The outreach part of the typed client (lib/api/client): lists, leads, import jobs and
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

export function outreachClient(request: ApiRequest) {
  const q = (definition: typeof outreachPageQuery, params: Record<string, string | number | undefined> | undefined) => ({ definition, params });
  const json = (schema: z.ZodType, value: unknown) => ({ schema, value });
  return {
    lists: {
      list: (query?: PageQuery, options?: RequestOptions) => request("GET", "/lists", { query: q(outreachPageQuery, query), response: page(list), options }),
      get: (listId: string, options?: RequestOptions) => request("GET", () => `/lists/${id(listId)}`, { response: list, options }),
      leads: (listId: string, query: LeadPageQuery = {}, options?: RequestOptions) =>
        request("GET", () => `/lists/${id(listId)}/leads`, {
          query: { definition: leadListQuery, params: { ...query, query: query.query ? JSON.stringify(query.query) : undefined } },
          response: page(lead),
          options,
        }),
    },
    importJobs: {
      list: (listId: string, query?: PageQuery, options?: RequestOptions) =>
        request("GET", () => `/lists/${id(listId)}/import-jobs`, { query: q(outreachPageQuery, query), response: page(importJob), options }),
      get: (listId: string, jobId: string, options?: RequestOptions) =>
        request("GET", () => `/lists/${id(listId)}/import-jobs/${id(jobId)}`, { response: importJob, options }),
      resume: (listId: string, jobId: string, options?: RequestOptions) =>
        request("POST", () => `/lists/${id(listId)}/import-jobs/${id(jobId)}/resume`, { body: json(emptyBody, {}), response: importJob, options }),
      /** `jobIds`, or every paused job of the list (which also unfreezes the team's import queue). */
      bulkResume: (listId: string, jobIds?: string[], options?: RequestOptions) =>
        request("POST", () => `/lists/${id(listId)}/import-jobs/bulk-resume`, { body: json(bulkResumeBody, jobIds ? { jobIds } : {}), response: successResult, options }),
    },
    campaigns: {
      list: (query?: PageQuery, options?: RequestOptions) => request("GET", "/campaigns", { query: q(outreachPageQuery, query), response: page(campaign), options }),
      get: (campaignId: string, options?: RequestOptions) => request("GET", () => `/campaigns/${id(campaignId)}`, { response: campaign, options }),
      /** Checks the campaign (422 campaignInvalid) and recomputes its figures. */
      sync: (campaignId: string, options?: RequestOptions) =>
        request("POST", () => `/campaigns/${id(campaignId)}/sync`, { body: json(emptyBody, {}), response: campaign, options }),
      /** Stops the sequence for one person: `identifier` is their platform ID, username or external ID, as `by` says. */
      cancelLead: (campaignId: string, identifier: string, body: LeadCancel = {}, options?: RequestOptions) =>
        request("POST", () => `/campaigns/${id(campaignId)}/leads/${identifierSegment(identifier)}/cancel`, { body: json(leadCancelBody, body), response: successResult, options }),
      /** Deletes a custom column of one of the campaign's lists, purging its data from every lead. */
      deleteColumn: (campaignId: string, columnId: string, options?: RequestOptions) =>
        request("DELETE", () => `/campaigns/${id(campaignId)}/columns/${id(columnId)}`, { response: successResult, options }),
    },
  };
}

function identifierSegment(value: string): string {
  if (!value.trim() || value === "." || value === "..") throw new ApiError({ status: 400, code: "invalidRequest", message: `"${value}" is not a lead identifier` });
  return encodeURIComponent(value);
}
