import type { Segment } from "@/lib/api/outreach/campaigns";
import type { IdKind } from "../model/ids";
import { DAY_MS } from "./teams";
import type { OutreachRows } from "./outreach";
import type { TeamWorld } from "./world";

/**
 * Acme's four campaigns, one per status, each with several step versions (the highest is
 * the active sequence), variations, variables and automations. The draft uses a variable it
 * never defined, so its sync answers 422 campaignInvalid, as a half-edited draft would. The
 * active and completed ones are those the seeded threads name; the completed one completed
 * once the people those threads reached were done.
 */
type BuildInput = {
  rows: OutreachRows;
  id: string;
  teamId: string;
  listIds: string[];
  world: TeamWorld;
  nextId: (kind: IdKind) => string;
  now: Date;
};

const WEEKDAYS_9_TO_5 = Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, { start: 9 * 60, end: 17 * 60 }]));
const FIRST_NAME = { "first-name": { displayName: "First name", description: "The lead's first name, from their profile" } };

const s = (text: string): Segment => ({ type: "static", text });
const v = (name: string): Segment => ({ type: "variable", name });
const vary = (...options: string[]): Segment => ({ type: "variation", options });
type StepSpec = { type: "message"; segments: Segment[] } | { type: "delay"; days: number } | { type: "likePost" };
const message = (...segments: Segment[]): StepSpec => ({ type: "message", segments });
const delay = (days: number): StepSpec => ({ type: "delay", days });

export const OUTREACH_CAMPAIGNS: { build(input: BuildInput): void }[] = [
  {
    build: (input) =>
      campaign(input, {
        name: "Founder outreach Q4",
        status: "active",
        lists: [[0, false], [3, true]],
        platform: "instagram",
        ageDays: 40,
        customVariables: { ...FIRST_NAME, company: { displayName: "Company", description: "From the list's Company column" } },
        versions: [
          [message(s("Hi "), v("first-name"), s(", loved what you're building.")), delay(3), message(s("Any thoughts, "), v("first-name"), s("?"))],
          [
            message(vary("Hi", "Hey", "Hello"), s(" "), v("first-name"), s(", how is "), v("company"), s(" doing this quarter?")),
            delay(2),
            { type: "likePost" },
            message(s("Following up, "), v("first-name"), s(": happy to share how teams like "), v("company"), s(" grew with us.")),
          ],
        ],
        automations: (w) => [
          { trigger: "firstReply", action: "setStatus", actionData: { statusId: w.statuses[2]?.id ?? null }, enabled: true },
          { trigger: "anyReply", action: "addTags", actionData: { tagIds: w.tags.slice(0, 1).map((t) => t.id) }, enabled: false },
        ],
      }),
  },
  {
    build: (input) =>
      campaign(input, {
        name: "Webinar follow-up",
        status: "completed",
        lists: [[1, false]],
        platform: "instagram",
        ageDays: 75,
        customVariables: FIRST_NAME,
        // Cut down to one message before it ran: the people it reached got that one.
        versions: [
          [message(s("Thanks for joining, "), v("first-name"), s("! Here is the recording.")), delay(4), message(vary("Any questions?", "Did it help?"))],
          [message(s("Thanks for joining, "), v("first-name"), s("! Here is the recording: any questions?"))],
        ],
        automations: (w) => [{ trigger: "firstReply", action: "assign", actionData: { memberId: w.members[1]?.id ?? null }, enabled: true }],
      }),
  },
  {
    build: (input) =>
      campaign(input, {
        name: "Podcast guest invites",
        status: "paused",
        lists: [[2, false]],
        platform: "x",
        ageDays: 30,
        customVariables: { ...FIRST_NAME, show: { displayName: "Show", description: null } },
        versions: [
          [message(s("Hi "), v("first-name"), s(", want to be on our show?"))],
          [message(s("Hi "), v("first-name"), s(", we'd love you on "), v("show"), s(".")), delay(5), message(s("Still keen?"))],
          [message(vary("Hi", "Hey"), s(" "), v("first-name"), s(", we'd love you on "), v("show"), s(".")), delay(4), message(s("Just checking in."))],
        ],
        automations: (w) => [{ trigger: "sequenceCompleted", action: "setStatus", actionData: { statusId: w.statuses.at(-1)?.id ?? null }, enabled: true }],
      }),
  },
  {
    build: (input) =>
      campaign(input, {
        name: "Partner program",
        status: "draft",
        lists: [[0, false], [1, false], [3, true]],
        platform: "instagram",
        ageDays: 2,
        customVariables: FIRST_NAME,
        versions: [
          [message(s("Hi "), v("first-name")), delay(1)],
          [message(s("Hi "), v("first-name"), s(", you'd qualify for our "), v("partner-tier"), s(" tier.")), delay(2), message(s("Interested?"))],
        ],
        automations: () => [],
      }),
  },
];

type CampaignSpec = {
  name: string;
  status: "draft" | "active" | "paused" | "completed";
  lists: [number, boolean][];
  platform: string;
  ageDays: number;
  customVariables: Record<string, { displayName: string; description: string | null }>;
  versions: StepSpec[][];
  automations: (world: TeamWorld) => { trigger: string; action: string; actionData: Record<string, unknown>; enabled: boolean }[];
};

function campaign(input: BuildInput, spec: CampaignSpec) {
  const { rows, id, now, world, nextId } = input;
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
  // The accounts that sent its seeded threads, or else the team's active accounts on its platform.
  const fromThreads = [...new Set(world.threads.filter((t) => t.campaignId === id).map((t) => t.accountLinkId))].sort();
  const accountLinkIds = fromThreads.length
    ? fromThreads
    : world.accountLinks.filter((l) => l.platform === spec.platform && l.status === "active").map((l) => l.id);
  const started = spec.status !== "draft";
  const completedAt = spec.status === "completed" ? completionOf(world, id, now) : null;
  rows.campaigns.push({
    id,
    teamId: input.teamId,
    name: spec.name,
    description: spec.status === "draft" ? null : `${spec.name}, sent from ${accountLinkIds.length} account(s).`,
    status: spec.status,
    type: "sequence",
    dryRun: false,
    isMigratedToV2: true,
    // Worked out from the leads once they are in (refreshCampaignNumbers), as sync does.
    targetsCount: 0,
    estimatedTargets: 0,
    contactedCount: 0,
    repliesCount: 0,
    hourlyMessageRate: spec.status === "active" ? 12 : 20,
    scheduleTimezone: spec.platform === "x" ? "America/New_York" : "Europe/Berlin",
    scheduleHours: WEEKDAYS_9_TO_5,
    customVariables: spec.customVariables,
    accountLinkIds,
    automations: spec.automations(world).map((a) => ({ id: nextId("automation"), ...a })),
    createdAt: at(spec.ageDays),
    updatedAt: completedAt ?? at(Math.floor(spec.ageDays / 3)),
    pausedAt: spec.status === "paused" ? at(3) : null,
    completedAt,
    lastStartedAt: started ? at(spec.ageDays - 1) : null,
  });
  for (const [position, [listIndex, exclude]] of spec.lists.entries()) {
    rows.campaignLists.push({ campaignId: id, listId: input.listIds[listIndex]!, exclude, position });
  }
  for (const [version, steps] of spec.versions.entries()) {
    for (const [rank, step] of steps.entries()) {
      const data =
        step.type === "message"
          ? { segments: step.segments }
          : step.type === "delay"
            ? { delaySeconds: step.days * 86_400, unit: "days" }
            : {};
      rows.campaignSteps.push({ id: nextId("step"), campaignId: id, rank, type: step.type, data, campaignVersion: version + 1 });
    }
  }
}

/** A completed campaign completed an hour after its last target was done (replied, or got its message). */
function completionOf(world: TeamWorld, campaignId: string, now: Date): Date {
  const progress = campaignReplies(world);
  const done = world.threads
    .filter((t) => t.campaignId === campaignId)
    .map((t) => progress.get(t.id))
    .map((p) => (p ? (p.repliedAt ?? p.contactedAt).getTime() : 0));
  const last = done.length ? Math.max(...done) : now.getTime() - 10 * DAY_MS;
  return new Date(Math.min(now.getTime() - 60_000, last + 3_600_000));
}

/**
 * For each campaign thread: when the campaign first wrote, and the first inbound message
 * after it (the reply the campaign runner would count), read from the thread's messages.
 */
export function campaignReplies(world: TeamWorld): Map<string, { contactedAt: Date; repliedAt: Date | null }> {
  const campaignThreads = new Set(world.threads.filter((t) => t.campaignId).map((t) => t.id));
  const out = new Map<string, { contactedAt: Date; repliedAt: Date | null }>();
  for (const message of world.messages) {
    if (!campaignThreads.has(message.threadId)) continue;
    const seen = out.get(message.threadId);
    if (!seen) {
      if (message.sentBy?.type === "campaign") out.set(message.threadId, { contactedAt: message.sentAt, repliedAt: null });
    } else if (!seen.repliedAt && message.direction === "inbound") {
      seen.repliedAt = message.sentAt;
    }
  }
  return out;
}
