/**
 * The soak's figures, from what the members recorded and what the sandbox holds (read with the
 * team's token, straight from the API).
 */

/** Every API event the sandbox logged, oldest first. */
async function allEvents(api, token) {
  const events = [];
  for (let afterSeq = 0; ; ) {
    const page = await (await fetch(`${api}/v2/events?afterSeq=${afterSeq}&limit=100`, { headers: { authorization: `Bearer ${token}` } })).json();
    events.push(...page.data);
    if (!page.hasMore || page.data.length === 0) return events;
    afterSeq = page.lastSeq;
  }
}

const keyOf = (event) => `${event.type}|${event.object.id}|${event.createdAt}`;

/**
 * Per member, the events from a second after its stream first opened until the members stopped:
 * each must have been heard, or be followed by a `resync` (after which the browser reads
 * everything again). An event heard twice by one member was applied twice.
 */
export async function eventsLost(api, token, reports, quietAt) {
  const events = await allEvents(api, token);
  let total = 0;
  let heard = 0;
  let lost = 0;
  let twice = 0;
  const lostByType = new Map();
  for (const report of reports) {
    const counts = new Map();
    for (const key of report.received) counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const count of counts.values()) if (count > 1) twice += count - 1;
    if (report.connectedAt === null) continue;
    for (const event of events) {
      const at = Date.parse(event.createdAt);
      if (at < report.connectedAt + 1_000 || at > quietAt) continue;
      total += 1;
      if (counts.has(keyOf(event))) heard += 1;
      else if (!report.resyncs.some((time) => time >= at)) {
        lost += 1;
        lostByType.set(event.type, (lostByType.get(event.type) ?? 0) + 1);
      }
    }
  }
  const examples = [...lostByType].map(([type, count]) => `${type}: ${count} (summed over members)`);
  return { total, heard, lost, twice, examples };
}

/** Each member's sent message must be in its thread exactly once. */
export async function sendsDuplicated(api, token, reports) {
  const byThread = new Map();
  for (const { sent } of reports) for (const send of sent) byThread.set(send.threadId, [...(byThread.get(send.threadId) ?? []), send.content]);
  let duplicated = 0;
  let missing = 0;
  for (const [threadId, contents] of byThread) {
    const counts = new Map(contents.map((content) => [content, 0]));
    for (let cursor = null, first = true; first || cursor; first = false) {
      const query = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await (await fetch(`${api}/v2/threads/${threadId}/messages?${query}`, { headers: { authorization: `Bearer ${token}` } })).json();
      for (const message of page.data) if (counts.has(message.content)) counts.set(message.content, counts.get(message.content) + 1);
      cursor = page.nextCursor;
    }
    for (const count of counts.values()) {
      if (count > 1) duplicated += count - 1;
      if (count === 0) missing += 1;
    }
  }
  return { duplicated, missing };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** One line per instance life: RSS and heap from the first sample 30 s in to the last. */
export function memoryReport(lives) {
  const counts = {};
  return lives.map((life) => {
    counts[life.name] = (counts[life.name] ?? 0) + 1;
    const label = `${life.name}#${counts[life.name]}`;
    const samples = life.samples.filter((s) => s.at - life.startedAt >= 30_000);
    if (samples.length < 2) return `${label}: too short to tell (${samples.length} sample(s))`;
    const [first, last] = [samples[0], samples.at(-1)];
    const minutes = (last.at - first.at) / 60_000;
    const growth = last.rss - first.rss;
    return `${label}: RSS ${mb(first.rss)} → ${mb(last.rss)} (${growth >= 0 ? "+" : ""}${mb(growth)} in ${minutes.toFixed(1)} min, ${(growth / 1024 / 1024 / minutes).toFixed(1)} MB/min); heap ${mb(first.heap)} → ${mb(last.heap)}`;
  });
}
