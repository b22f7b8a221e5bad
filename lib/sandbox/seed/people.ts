import type { Faker } from "@faker-js/faker";
import type { IdKind } from "../model/ids";
import type { contacts, contactTags, profiles } from "../schema";
import { avatarDataUri } from "./media";
import type { Random } from "./random";
import { DAY_MS, daysBefore, type TeamRows } from "./teams";

/**
 * The people a team talks to: contacts (what the team says) and their profiles (what each
 * platform says). Most contacts have one profile; about one in seven has two or three on
 * different platforms, which is what makes "contact" and "profile" visibly different.
 */
export type ContactRow = typeof contacts.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type ContactTagRow = typeof contactTags.$inferSelect;

export type People = {
  contacts: ContactRow[];
  profiles: ProfileRow[];
  contactTags: ContactTagRow[];
  /** How a message greets the person behind a profile ("Maria", or "there" for a company). */
  greetings: Map<string, string>;
};

export type PeopleInput = {
  faker: Faker;
  random: Random;
  nextId: (kind: IdKind) => string;
  team: TeamRows;
  contactCount: number;
  /** At least this many (account link, profile) pairs must exist, one thread each. */
  minPairs: number;
  now: Date;
};

export function generatePeople(input: PeopleInput): People {
  const { faker, random, team, now } = input;
  const linksOn = countBy(team.accountLinks.map((l) => l.platform));
  const platformWeights = PLATFORM_WEIGHTS.filter(([p]) => linksOn.has(p));
  const taken = new Map<string, Set<string>>();
  const people: People = { contacts: [], profiles: [], contactTags: [], greetings: new Map() };
  const persons = new Map<string, Person>();

  for (let i = 0; i < input.contactCount; i++) {
    const person = newPerson(faker, random);
    const contact = newContact(input, person);
    persons.set(contact.id, person);
    people.contacts.push(contact);

    const profileCount = random.chance(0.15) ? random.weighted([[2, 0.7], [3, 0.3]] as const) : 1;
    const platforms: string[] = [];
    while (platforms.length < Math.min(profileCount, platformWeights.length)) {
      const platform = random.weighted(platformWeights.filter(([p]) => !platforms.includes(p)));
      platforms.push(platform);
    }
    for (const platform of platforms) addProfile(people, newProfile(input, person, contact.id, platform, taken));

    if (team.tags.length > 0) {
      const tagCount = random.weighted([[0, 0.4], [1, 0.35], [2, 0.18], [3, 0.07]] as const);
      for (const tag of random.sample(team.tags, tagCount)) {
        const addedAt = new Date(Math.max(contact.createdAt.getTime(), now.getTime() - random.int(1, 40) * DAY_MS - random.int(0, 86_399) * 1000));
        people.contactTags.push({ contactId: contact.id, tagId: tag.id, addedAt });
      }
    }
    if (contact.statusId || contact.notes || contact.valuation !== null || contact.assigneeId) {
      contact.updatedAt = new Date(now.getTime() - random.int(60, 30 * 24 * 60) * 60_000);
    }
  }

  // When the accounts cannot hold enough threads, some people turn out to be on another platform too.
  let capacity = people.profiles.reduce((sum, p) => sum + (linksOn.get(p.platform) ?? 0), 0);
  for (const contact of random.shuffle(people.contacts)) {
    if (capacity >= input.minPairs) break;
    const has = new Set(people.profiles.filter((p) => p.contactId === contact.id).map((p) => p.platform));
    const missing = platformWeights.filter(([p]) => !has.has(p));
    if (missing.length === 0) continue;
    const platform = random.weighted(missing);
    const person = persons.get(contact.id);
    if (!person) continue;
    addProfile(people, newProfile(input, person, contact.id, platform, taken));
    capacity += linksOn.get(platform) ?? 0;
  }
  return people;

  function addProfile(into: People, profile: ProfileRow) {
    into.profiles.push(profile);
    const person = profile.contactId ? persons.get(profile.contactId) : undefined;
    into.greetings.set(profile.id, person && !person.organization ? person.firstName : "there");
  }
}

type Person = {
  firstName: string;
  lastName: string;
  /** A company account rather than a person's. */
  organization: string | null;
  company: string;
  jobTitle: string;
  city: string;
};

/** How often a person's (first) profile is on each platform: Instagram is where the DMs are. */
const PLATFORM_WEIGHTS: readonly (readonly [string, number])[] = [
  ["instagram", 0.45],
  ["whatsapp", 0.18],
  ["x", 0.15],
  ["linkedin", 0.12],
  ["telegram", 0.1],
];

const NOTES = [
  "Met at SaaStr Europe. Interested in the Growth plan for their sales team.",
  "Referred by a customer. Wants a demo before the end of the quarter.",
  "Budget approved for Q3; the decision maker is their COO.",
  "Prefers WhatsApp over email. Based in {city}.",
  "Asked about API access and the Zapier integration.",
  "On a competitor today; their contract renews in {month}.",
  "Long-time newsletter reader, runs a 12-person agency.",
  "Follow up after their product launch next month.",
  "Price sensitive: mention the annual discount.",
  "Hosts a podcast on {job} topics; possible partnership.",
  "{job} at {company}. Evaluating three tools, we're the favourite.",
  "Churned last year over onboarding; open to coming back.",
];

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function newPerson(faker: Faker, random: Random): Person {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const company = faker.company.name();
  return {
    firstName,
    lastName,
    organization: random.chance(0.06) ? company : null,
    company,
    jobTitle: faker.person.jobTitle(),
    city: faker.location.city(),
  };
}

function newContact(input: PeopleInput, person: Person): ContactRow {
  const { random, team, now } = input;
  const statusWeights = team.statuses.map((s, i) => [s.id, 1 / (i + 1.5)] as const);
  const note = random.chance(0.3)
    ? random
        .pick(NOTES)
        .replace("{city}", person.city)
        .replace("{month}", random.pick(MONTHS))
        .replace("{job}", person.jobTitle)
        .replace("{company}", person.company)
    : null;
  return {
    id: input.nextId("contact"),
    teamId: team.team.id,
    statusId: statusWeights.length > 0 && random.chance(0.7) ? random.weighted(statusWeights) : null,
    notes: note,
    valuation: random.chance(0.4) ? Math.round((500 + 49_500 * random.next() ** 2) / 50) * 50 : null,
    assigneeId: team.members.length > 0 && random.chance(0.35) ? random.pick(team.members).id : null,
    createdAt: daysBefore(now, random.int(61, 150) + random.next()),
    updatedAt: null,
  };
}

function newProfile(input: PeopleInput, person: Person, contactId: string, platform: string, taken: Map<string, Set<string>>): ProfileRow {
  const { random, faker } = input;
  const id = input.nextId("profile");
  const org = person.organization;
  const displayName = org ?? `${person.firstName} ${person.lastName}`;
  const first = ascii(org ?? person.firstName).toLowerCase();
  const last = ascii(org ? "" : person.lastName).toLowerCase();
  const verified = platform !== "whatsapp" && platform !== "telegram" && random.chance(0.04);
  const used = takenSet(taken, `${platform}:username`);
  const usedIds = takenSet(taken, `${platform}:platformId`);

  let username: string | null;
  let handle: string | null;
  let platformId: string;
  let profileUrl: string | null;
  let platformData: ProfileRow["platformData"];
  let followerCount: number | null = null;
  let followingCount: number | null = null;
  let bio: string | null = random.chance(0.8) ? personBio(faker, random, person) : null;

  switch (platform) {
    case "instagram": {
      username = unique(used, random.pick([`${first}.${last}`, `${first}_${last}`, `${first}${last}`, `the.${first}`]).replace(/^[._]+|[._]+$/g, ""), random);
      handle = `@${username}`;
      platformId = uniqueDigits(usedIds, "1784", 13, random);
      profileUrl = `https://www.instagram.com/${username}/`;
      followerCount = audience(random, 250_000);
      followingCount = random.int(40, 2_500);
      platformData = { _tag: "instagram", isPrivate: random.chance(0.2), isBusiness: org !== null };
      break;
    }
    case "x": {
      const [f, l] = [capitalize(first), capitalize(last)];
      const base = random.pick([`${f}${l}`, `${f}_${l}`, `${f.slice(0, 1)}${l}`, `${f}${random.int(1, 99)}`]);
      username = unique(used, base.slice(0, 13), random);
      handle = `@${username}`;
      platformId = uniqueDigits(usedIds, "1", 18, random);
      profileUrl = `https://x.com/${username}`;
      followerCount = audience(random, 120_000);
      followingCount = random.int(50, 4_000);
      platformData = { _tag: "x", verifiedType: verified ? (org ? "business" : "blue") : null };
      break;
    }
    case "linkedin": {
      username = unique(used, [first, last, randomHex(random, 6)].filter(Boolean).join("-"), random);
      handle = null;
      platformId = unique(usedIds, `ACoAA${randomToken(random, 20)}`, random);
      profileUrl = `https://www.linkedin.com/in/${username}`;
      followerCount = audience(random, 30_000);
      platformData = { _tag: "linkedin", headline: `${person.jobTitle} at ${person.company}`, connectionDegree: random.int(1, 3) };
      break;
    }
    case "whatsapp": {
      const phone = uniquePhone(usedIds, random);
      username = null;
      handle = phone.display;
      platformId = phone.waId;
      profileUrl = `https://wa.me/${phone.waId}`;
      bio = random.chance(0.5) ? random.pick(["Hey there! I am using WhatsApp.", "Available", "Busy", "At work", person.company]) : null;
      platformData = { _tag: "whatsapp", isBusiness: org !== null };
      break;
    }
    default: {
      // Telegram (and any other platform): usernames are optional there.
      username = random.chance(0.8) ? unique(used, `${first}_${last}`.replace(/_$/, ""), random) : null;
      handle = username ? `@${username}` : null;
      platformId = uniqueDigits(usedIds, "", 10, random);
      profileUrl = username ? `https://t.me/${username}` : null;
      platformData = { _tag: platform, isPremium: random.chance(0.1) };
    }
  }

  return {
    id,
    teamId: input.team.team.id,
    contactId,
    platform,
    platformId,
    username,
    handle,
    displayName,
    avatarUrl: random.chance(0.7) ? avatarDataUri(displayName) : null,
    bio,
    followerCount,
    followingCount,
    verified,
    isOrganization: org !== null,
    profileUrl,
    platformData,
  };
}

function personBio(faker: Faker, random: Random, person: Person): string {
  if (person.organization) return `${faker.company.catchPhrase()}. Based in ${person.city}.`;
  switch (random.int(0, 3)) {
    case 0:
      return `${person.jobTitle} at ${person.company}`;
    case 1:
      return `Founder @ ${person.company} · ${person.city}`;
    case 2:
      return faker.person.bio();
    default:
      return `${person.jobTitle}. Coffee, climbing and ${faker.word.noun()}s.`;
  }
}

/** A long-tailed audience: most people have hundreds, a few have many thousands. */
function audience(random: Random, max: number): number {
  return Math.round(Math.exp(Math.log(max) * random.next() ** 1.6)) + random.int(0, 40);
}

function unique(used: Set<string>, wanted: string, random: Random): string {
  const base = wanted || "user";
  let candidate = base;
  while (used.has(candidate.toLowerCase())) candidate = `${base}${random.int(1, 999)}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

function uniqueDigits(used: Set<string>, prefix: string, length: number, random: Random): string {
  for (;;) {
    let value = prefix + String(random.int(1, 9));
    while (value.length < prefix.length + length) value += String(random.int(0, 9));
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

const PHONE_PLANS = [
  { code: "1", areas: ["415", "212", "646", "312", "737", "206"], local: 7, format: (area: string, n: string) => `+1 ${area}-${n.slice(0, 3)}-${n.slice(3)}` },
  { code: "44", areas: ["7700", "7911", "7458"], local: 6, format: (area: string, n: string) => `+44 ${area} ${n}` },
  { code: "49", areas: ["151", "160", "176"], local: 8, format: (area: string, n: string) => `+49 ${area} ${n}` },
  { code: "34", areas: ["612", "655", "690"], local: 6, format: (area: string, n: string) => `+34 ${area} ${n.slice(0, 3)} ${n.slice(3)}` },
  { code: "55", areas: ["11 9", "21 9"], local: 8, format: (area: string, n: string) => `+55 ${area}${n.slice(0, 4)}-${n.slice(4)}` },
];

function uniquePhone(used: Set<string>, random: Random): { waId: string; display: string } {
  for (;;) {
    const plan = random.pick(PHONE_PLANS);
    const area = random.pick(plan.areas);
    let local = String(random.int(1, 9));
    while (local.length < plan.local) local += String(random.int(0, 9));
    const waId = plan.code + area.replace(/\D/g, "") + local;
    if (!used.has(waId)) {
      used.add(waId);
      return { waId, display: plan.format(area, local) };
    }
  }
}

function randomHex(random: Random, length: number): string {
  let out = "";
  while (out.length < length) out += random.int(0, 15).toString(16);
  return out;
}

const TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
function randomToken(random: Random, length: number): string {
  let out = "";
  while (out.length < length) out += TOKEN_CHARS[random.int(0, TOKEN_CHARS.length - 1)];
  return out;
}

function ascii(text: string): string {
  return text.normalize("NFD").replace(/[^A-Za-z0-9]/g, "");
}

function capitalize(text: string): string {
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}

function takenSet(taken: Map<string, Set<string>>, key: string): Set<string> {
  const set = taken.get(key) ?? new Set<string>();
  taken.set(key, set);
  return set;
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}
