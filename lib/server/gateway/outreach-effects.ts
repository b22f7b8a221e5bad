import "server-only";
import type { OutreachEventType } from "@/lib/api/outreach/events";
import type { OUTREACH_API_ENDPOINTS } from "@/lib/api/outreach/endpoints";
import type { Holdings, Params } from "./effects";

/**
 * The gateway's rows for outreach (lists, leads, import jobs, campaigns), spread into the
 * tables of ./effects. Labels: `lists`, `leads` and `leads:<listId>`, `importJobs:<listId>`,
 * `campaigns`.
 *
 * Imports move by the service's clock and no event announces their progress, nor the leads and
 * counts they add: those entries live briefly. An import job's few seconds are what "live
 * progress" costs — however many people watch, one upstream read per job list per `IMPORT_TTL`.
 * Campaign figures and lead stages change with `campaign.*` and `target.*` events, which drop
 * them at once; their time to live is the safety net for what imports change unannounced.
 */
type CachePolicy = { labels: string[]; ttlMs: number };
type Operations = typeof OUTREACH_API_ENDPOINTS;
type OutreachRead = { [O in keyof Operations]: Operations[O]["method"] extends "GET" ? O : never }[keyof Operations];
type OutreachWrite = Exclude<keyof Operations, OutreachRead>;

const SECOND = 1_000;
export const IMPORT_TTL_MS = 3 * SECOND;
const LISTS_TTL_MS = 30 * SECOND;
const CAMPAIGNS_TTL_MS = 60 * SECOND;

export const OUTREACH_READ_CACHE: Record<OutreachRead, (params: Params) => CachePolicy> = {
  "lists.list": () => ({ labels: ["lists"], ttlMs: LISTS_TTL_MS }),
  "lists.get": () => ({ labels: ["lists"], ttlMs: LISTS_TTL_MS }),
  "leads.list": (p) => ({ labels: ["leads", `leads:${p.listId}`], ttlMs: LISTS_TTL_MS }),
  "importJobs.list": (p) => ({ labels: [`importJobs:${p.listId}`], ttlMs: IMPORT_TTL_MS }),
  "importJobs.get": (p) => ({ labels: [`importJobs:${p.listId}`], ttlMs: IMPORT_TTL_MS }),
  "campaigns.list": () => ({ labels: ["campaigns"], ttlMs: CAMPAIGNS_TTL_MS }),
  "campaigns.get": () => ({ labels: ["campaigns"], ttlMs: CAMPAIGNS_TTL_MS }),
};

type WriteEffect = (held: Holdings, params: Params, answer: unknown) => void;

const importsChanged: WriteEffect = ({ cache }, params) => cache.invalidate(`importJobs:${params.listId}`, "lists");

export const OUTREACH_WRITE_EFFECTS: Record<OutreachWrite, WriteEffect> = {
  "importJobs.resume": importsChanged,
  "importJobs.bulkResume": importsChanged,
  // Sync recomputes the campaign's figures and targets.
  "campaigns.sync": ({ cache }) => cache.invalidate("campaigns"),
  // The lead's stage, and with it the campaign's figures.
  "campaigns.cancelLead": ({ cache }) => cache.invalidate("leads", "campaigns"),
  // The list's columns and every lead's data.
  "campaigns.deleteColumn": ({ cache }) => cache.invalidate("lists", "leads"),
};

type EventEffect = (held: Holdings) => void;

/**
 * A campaign's status and figures change with its events; a target's stage with `target.*`.
 * The messages a campaign sends and the replies come with their own `message.*` events, which
 * update the threads.
 */
export const OUTREACH_EVENT_EFFECTS: Record<OutreachEventType, EventEffect> = {
  "campaign.started": ({ cache }) => cache.invalidate("campaigns"),
  "campaign.resumed": ({ cache }) => cache.invalidate("campaigns"),
  "campaign.paused": ({ cache }) => cache.invalidate("campaigns"),
  "campaign.completed": ({ cache }) => cache.invalidate("campaigns"),
  "target.contacted": ({ cache }) => cache.invalidate("campaigns", "leads"),
  "target.followUpSent": ({ cache }) => cache.invalidate("campaigns", "leads"),
  "target.replied": ({ cache }) => cache.invalidate("campaigns", "leads"),
};
