import { and, asc, eq, inArray } from "drizzle-orm";
import type { SandboxContext } from "../context";
import { accountLinks, teams, threads } from "../schema";
import { createRandom, type Random } from "../seed/random";
import type { MediaUrlSigner } from "../model/serialize";
import { injectInbound, type InboundInput } from "./simulator";

/**
 * Live mode: while on for a team, a timer injects a plausible inbound DM every `intervalMs`,
 * mostly into one of the team's open conversations on an active account, now and then from
 * a new person, so a demo inbox moves on its own. The picks come from a seeded PRNG: the
 * same team gets the same sequence every time live mode is switched on.
 */
export type LiveStatus = { enabled: boolean; intervalMs: number };

export const LIVE_INTERVAL = { default: 5000, min: 500, max: 3_600_000 } as const;

/** The share of ticks that bring a new person rather than a reply in an existing thread. */
const NEW_PERSON_CHANCE = 0.2;

export type LiveMode = {
  set(teamId: string, status: LiveStatus, signer: MediaUrlSigner): LiveStatus;
  status(teamId: string): LiveStatus;
  /** One injection now, as the timer would make it; null when the team has nothing to inject into. */
  tick(teamId: string, signer: MediaUrlSigner): Promise<InboundInput | null>;
  stopAll(): void;
};

const modes = new WeakMap<SandboxContext, LiveMode>();

/** The sandbox's live mode, made once per sandbox; its timers stop when the store closes. */
export function liveMode(ctx: SandboxContext): LiveMode {
  const existing = modes.get(ctx);
  if (existing) return existing;
  const mode = createLiveMode(ctx);
  modes.set(ctx, mode);
  // The sandbox's close() closes the store; a timer left running would then query a closed database.
  const close = ctx.store.close.bind(ctx.store);
  ctx.store.close = async () => {
    mode.stopAll();
    await close();
  };
  return mode;
}

function createLiveMode(ctx: SandboxContext): LiveMode {
  const running = new Map<string, { timer: NodeJS.Timeout; intervalMs: number }>();
  const randoms = new Map<string, Random>();

  const randomFor = (teamId: string) => {
    let random = randoms.get(teamId);
    if (!random) randoms.set(teamId, (random = createRandom(hash(teamId))));
    return random;
  };

  async function tick(teamId: string, signer: MediaUrlSigner): Promise<InboundInput | null> {
    const random = randomFor(teamId);
    const input = await pickInbound(ctx, teamId, random);
    if (input) await injectInbound(ctx, teamId, input, signer);
    return input;
  }

  function stop(teamId: string) {
    const current = running.get(teamId);
    if (current) clearInterval(current.timer);
    running.delete(teamId);
  }

  return {
    set(teamId, status, signer) {
      stop(teamId);
      if (!status.enabled) return { enabled: false, intervalMs: status.intervalMs };
      randoms.delete(teamId);
      let busy = false;
      let failing = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        tick(teamId, signer)
          .then(() => {
            failing = false;
          })
          .catch((error: unknown) => {
            // Logged once per run of failures, not on every tick.
            if (!failing) console.warn(`[sandbox live] could not inject a message: ${error instanceof Error ? error.message : String(error)}`);
            failing = true;
          })
          .finally(() => {
            busy = false;
          });
      }, status.intervalMs);
      // Live mode must never keep the process alive on its own.
      timer.unref();
      running.set(teamId, { timer, intervalMs: status.intervalMs });
      return { enabled: true, intervalMs: status.intervalMs };
    },
    status(teamId) {
      const current = running.get(teamId);
      return current ? { enabled: true, intervalMs: current.intervalMs } : { enabled: false, intervalMs: LIVE_INTERVAL.default };
    },
    tick,
    stopAll() {
      for (const teamId of [...running.keys()]) stop(teamId);
    },
  };
}

async function pickInbound(ctx: SandboxContext, teamId: string, random: Random): Promise<InboundInput | null> {
  const { db } = ctx.store;
  const [team] = await db.select({ platforms: teams.platforms }).from(teams).where(eq(teams.id, teamId));
  if (!team || team.platforms.length === 0) return null;

  const open = await db
    .select({ id: threads.id })
    .from(threads)
    .innerJoin(accountLinks, eq(accountLinks.id, threads.accountLinkId))
    .where(
      and(
        eq(threads.teamId, teamId),
        eq(threads.archived, false),
        eq(accountLinks.status, "active"),
        inArray(threads.platform, team.platforms),
      ),
    )
    .orderBy(asc(threads.id));
  const newPerson = open.length === 0 || random.chance(NEW_PERSON_CHANCE);

  if (!newPerson) {
    return { threadId: random.pick(open).id, content: random.pick(REPLIES) };
  }
  const links = await db
    .select({ id: accountLinks.id, platform: accountLinks.platform })
    .from(accountLinks)
    .where(and(eq(accountLinks.teamId, teamId), eq(accountLinks.status, "active"), inArray(accountLinks.platform, team.platforms)))
    .orderBy(asc(accountLinks.id));
  if (links.length === 0) return null;
  const link = random.pick(links);
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const username = `${first}.${last}${random.int(1, 99)}`.toLowerCase();
  return {
    accountLinkId: link.id,
    content: random.pick(OPENERS),
    profile: {
      platformId: platformIdFor(link.platform, random),
      username: link.platform === "whatsapp" ? null : username,
      displayName: `${first} ${last}`,
    },
  };
}

function platformIdFor(platform: string, random: Random): string {
  const digits = (n: number) => Array.from({ length: n }, () => random.int(0, 9)).join("");
  if (platform === "whatsapp") return `1555${digits(7)}`;
  if (platform === "linkedin") return `urn:li:person:${digits(9)}`;
  return `${random.int(1, 9)}${digits(16)}`;
}

/** FNV-1a: a stable 32-bit seed from the team's ID. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const OPENERS = [
  "Hi! Do you have a plan for a team of five?",
  "Hey, saw your latest post. Is the free trial still on?",
  "Hello, a friend sent me your way. Could we set up a quick call?",
  "Hi there! How long does onboarding usually take?",
  "Hey, do you integrate with HubSpot?",
] as const;

const REPLIES = [
  "Thanks, that helps!",
  "Could you send over the pricing sheet?",
  "Tuesday at 3pm works for me.",
  "Sorry for the slow reply, crazy week 😅",
  "Just checking in on this, any update?",
  "Perfect, booked a slot.",
  "Is there a discount for annual billing?",
  "Got it 👍",
  "Can we push our call to next week?",
  "Let me loop in my cofounder.",
] as const;

const FIRST_NAMES = ["Maya", "Liam", "Zoe", "Noah", "Aria", "Ethan", "Lena", "Omar", "Chloe", "Diego"] as const;
const LAST_NAMES = ["Patel", "Nguyen", "Kowalski", "Okafor", "Schmidt", "Moreau", "Costa", "Haddad", "Larsen", "Ito"] as const;
