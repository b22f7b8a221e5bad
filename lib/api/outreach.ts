/**
 * Outreach (lists, leads, import jobs, campaigns): what the spec (api-v1-and-outreach.md)
 * leaves "not shown", decided once. Schemas are in lib/api/outreach/{leads,import-jobs,
 * campaigns}.ts; the sandbox implements them in lib/sandbox/resources/outreach/. Every
 * endpoint is served under `/v2` (version 2 error body) and `/v1` (version 1 error body),
 * in the version 1 shapes, only for teams with the `outreach` add-on (otherwise 403
 * `planRequired` with `details.addOn: "outreach"` in version 2, `FORBIDDEN` in version 1).
 *
 * `spec` rows are the spec's; `ours` rows are the sandbox's choice, made as a client needs
 * to discover and drive the resources. Create and update of lists, import jobs and
 * campaigns are not offered yet: the seed provides them.
 */
export const OUTREACH_ENDPOINTS = [
  { method: "GET", path: "/lists", source: "ours", does: "The team's lists, paged by ID (`limit`, `cursor`)" },
  { method: "GET", path: "/lists/{listId}", source: "spec", does: "A list" },
  { method: "GET", path: "/lists/{listId}/leads", source: "spec", does: "Leads: `search`, `query`, `sort`, `limit` 1–100 default 50, `cursor`" },
  { method: "GET", path: "/lists/{listId}/import-jobs", source: "ours", does: "The list's import jobs, paged by ID" },
  { method: "GET", path: "/lists/{listId}/import-jobs/{jobId}", source: "ours", does: "An import job" },
  { method: "POST", path: "/lists/{listId}/import-jobs/{jobId}/resume", source: "spec", does: "paused → starting (a slot is free) or queued" },
  { method: "POST", path: "/lists/{listId}/import-jobs/{jobId}/pause", source: "ours", does: "queued, starting or running → paused; frees the slot" },
  { method: "POST", path: "/lists/{listId}/import-jobs/{jobId}/cancel", source: "ours", does: "any unfinished job → canceled; frees the slot" },
  { method: "POST", path: "/lists/{listId}/import-jobs/bulk-resume", source: "spec", does: "`jobIds` or every paused job of the list; unfreezes the queue" },
  { method: "POST", path: "/lists/{listId}/import-jobs/bulk-pause", source: "ours", does: "Pauses the list's unfinished jobs and freezes the team's queue" },
  { method: "GET", path: "/campaigns", source: "ours", does: "The team's campaigns, paged by ID" },
  { method: "GET", path: "/campaigns/{campaignId}", source: "ours", does: "A campaign (the sync shape), without recomputing" },
  { method: "POST", path: "/campaigns/{campaignId}/sync", source: "spec", does: "Checks the campaign (422 campaignInvalid), recomputes its numbers" },
  { method: "POST", path: "/campaigns/{campaignId}/start", source: "ours", does: "draft or paused → active, after the sync checks" },
  { method: "POST", path: "/campaigns/{campaignId}/pause", source: "ours", does: "active → paused" },
  { method: "POST", path: "/campaigns/{campaignId}/leads/{identifier}/cancel", source: "spec", does: "The lead's stage → canceled in the campaign's target lists" },
  { method: "DELETE", path: "/campaigns/{campaignId}/columns/{columnId}", source: "spec", does: "Deletes a column of one of the campaign's lists, purging `custom_<id>`" },
] as const;

/**
 * The rules behind those endpoints, each with where it is implemented.
 *
 * | Topic | Choice |
 * | --- | --- |
 * | Bodies of `{}` actions | The body may be `{}` or left out; any other key is 400 |
 * | Wrong state | 409 `invalidTransition`, `details.status` the current state (bulk-resume: also `details.jobId`); nothing changes |
 * | Import slots | `IMPORT_SLOTS` (2) per team; `starting` and `running` hold one; `starting` lasts `IMPORT_STARTING_SECONDS` (10 s) |
 * | Import progress | Worked out from the sandbox clock when read or acted on, never by a timer (sandbox model/imports.ts); `rate` items a minute |
 * | Import items | Each adds a lead, is skipped because the person is already in the list (unique per list, platform, platformId), or fails (~2%) |
 * | Import queue | Oldest `queued` first when a slot frees; frozen by bulk-pause, unfrozen by bulk-resume; a frozen queue starts nothing by itself, while an explicit resume still takes a free slot |
 * | Lead `id`, `reachable`, `lastContactedAt`, `lastRepliedAt`, `createdAt` | Added to the lead; `context.assigneeId` added to the context |
 * | Lead stage | `pending`, `contacted`, `replied`, `canceled`; stored on the lead, so a list used by two campaigns shares its stages |
 * | Lead cancel | Matches leads of the campaign's included lists; none → 404 `leadNotFound`; `platform` defaults to the one platform of the campaign's accounts, else 400; a platform the team cannot use is 403 `platformNotAvailable`; `username` is case-insensitive, `@` optional |
 * | Custom columns | Defined per list (`columns` keyed `custom_<id>`); deleted through a campaign that uses the list (else 404 `columnNotFound`) |
 * | `query`, `sort` | lib/api/outreach/leads.ts (`leadQuery`, `leadSort`) |
 * | Campaign targets | People in an included list and no excluded list, reachable, lead not canceled; taken at start and at each sync; `estimatedTargets`: those not messaged yet |
 * | Campaign checks | Undefined variable in the active sequence, no message step, rate outside 1–60, unknown time zone, empty or inverted hours, no included list, unknown list or account link |
 * | Campaign `activeVersion` | Added: the highest `campaignVersion` |
 */
export const OUTREACH_ADD_ON = "outreach";
