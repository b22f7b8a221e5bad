import type { Random } from "./random";

/**
 * What people write in sales and support DMs: short sentences, picked and sometimes
 * combined, with names, days and plans filled in. Faker's lorem would not look like an inbox.
 */
export type TextContext = {
  /** The person's first name, or "there". */
  first: string;
  /** First name of the member writing, or of the team's owner. */
  member: string;
  /** A colleague of the member, for hand-overs. */
  colleague: string;
  /** The team as it calls itself ("Acme"). */
  team: string;
  domain: string;
};

export type TextKind =
  | "inboundOpener"
  | "inboundReply"
  | "outboundOpener"
  | "outboundWelcome"
  | "outboundReply"
  | "campaignOpener"
  | "autoReply"
  | "postShare";

const TEXTS: Record<TextKind, readonly string[]> = {
  inboundOpener: [
    "Hi! Saw your post about {topic}. Do you offer this for small teams?",
    "Hey, quick question: what does pricing look like for a team of {n}?",
    "Hi there, a friend recommended you. Are you taking on new clients this month?",
    "Hello! Is the {plan} plan billed monthly or yearly?",
    "Hey {team} team, I'd love to learn more about how onboarding works.",
    "Hi, I tried to sign up but never got the confirmation email.",
    "Do you have a case study for {industry} companies?",
    "Hi! Loved the webinar yesterday. Is there a recording?",
    "Hey, are you the right person to talk to about a partnership?",
  ],
  inboundReply: [
    "Thanks, that helps a lot!",
    "Sounds good. {day} at {time} works for me.",
    "Can you send over the deck?",
    "Let me check with my cofounder and get back to you.",
    "We're using another tool right now, but the contract ends in {month}.",
    "Perfect, just booked a slot.",
    "What's the difference between Starter and Growth?",
    "Is there a discount for annual billing?",
    "Got it 👍",
    "Sorry for the slow reply, it's been a busy week.",
    "Could we push the call to next week?",
    "Yes please, send the invoice to our finance team.",
    "Any chance you integrate with HubSpot?",
    "Still interested, just waiting on budget approval.",
    "The link you sent doesn't open for me.",
    "Great call today, thanks {member}!",
    "How long does setup usually take?",
    "Ok, let's do it. What do you need from us?",
  ],
  outboundOpener: [
    "Hey {first}, I'm {member} from {team}. Saw you're growing the team, congrats!",
    "Hi {first}! Thanks for following us. Anything we can help you with?",
    "Hi {first}, {member} here from {team}. Do you have 10 minutes this week?",
  ],
  outboundWelcome: [
    "Hi {first}, thanks for reaching out! Happy to help.",
    "Hey {first}! {member} here from {team}, glad you asked.",
    "Hi {first}, thanks for the message!",
  ],
  outboundReply: [
    "Our {plan} plan starts at $49 per seat per month, billed annually.",
    "Would {day} at {time} work for a quick 20-minute call?",
    "Here's my booking link: https://{domain}/book",
    "I've just sent the deck to your inbox.",
    "No problem at all, take your time.",
    "Good question! Yes, we integrate with HubSpot and Salesforce.",
    "Annual billing comes with two months free.",
    "I've resent the confirmation email. Could you check your spam folder?",
    "Let me loop in {colleague}, who looks after onboarding.",
    "Just following up on my last message. Still keen to chat?",
    "Thanks {first}, talk soon!",
    "Great, I'll send a calendar invite for {day}.",
    "We have a case study with a {industry} company with similar goals. I'll share it.",
    "Setup takes about a day; we do the import for you.",
    "Totally understand. Shall I check back in {month}?",
    "Done! You should have access now.",
  ],
  campaignOpener: [
    "Hi {first}! We're opening 10 spots in our {season} growth program. Interested?",
    "Hey {first}, quick one: would a free audit of your DM funnel be useful?",
    "Hi {first}, we're hosting a small {industry} founders dinner on {day}. Want an invite?",
  ],
  autoReply: [
    "Thanks for your message! We usually reply within a couple of hours.",
    "Hi! Our team is offline right now; we'll get back to you first thing tomorrow.",
  ],
  postShare: ["Have you seen this one?", "This is what I meant 👆", "Thought you'd like this", "Saw this and thought of you"],
};

const FILL: Record<string, readonly string[]> = {
  topic: ["DM automation", "lead scoring", "your new inbox", "outbound on Instagram", "the Q3 report"],
  n: ["5", "8", "12", "20", "35"],
  plan: ["Growth", "Starter", "Scale"],
  industry: ["fitness", "SaaS", "e-commerce", "real estate", "coaching", "hospitality"],
  day: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  time: ["10am", "11:30am", "2pm", "3:30pm", "4pm"],
  month: ["January", "March", "June", "September", "November"],
  season: ["spring", "summer", "autumn", "winter"],
};

/** One message's text: one sentence, sometimes two of the same kind. */
export function composeText(random: Random, kind: TextKind, context: TextContext): string {
  const pool = TEXTS[kind];
  const first = random.pick(pool);
  const combine = (kind === "inboundReply" || kind === "outboundReply") && random.chance(0.22);
  const text = combine ? `${first} ${random.pick(pool.filter((t) => t !== first))}` : first;
  return fill(random, text, context);
}

/** The text a message had before its latest edit: a typo the sender went back to fix. */
export function earlierDraft(random: Random, text: string): string {
  const words = text.split(" ");
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => /^[a-z]{5,}$/i.test(w));
  if (candidates.length === 0) return text.replace(/[.!?]$/, "");
  const [word, index] = random.pick(candidates);
  const at = random.int(1, word.length - 2);
  words[index] = word.slice(0, at) + (word[at + 1] ?? "") + (word[at] ?? "") + word.slice(at + 2);
  const draft = words.join(" ");
  return draft !== text ? draft : text.slice(0, -1);
}

function fill(random: Random, text: string, context: TextContext): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => {
    if (key in context) return context[key as keyof TextContext];
    const options = FILL[key];
    return options ? random.pick(options) : match;
  });
}
