import "server-only";
import { paginateItems } from "@/lib/api/client";
import type { Member } from "@/lib/api/team";
import type { Role } from "../access/policy";
import type { Upstream } from "../gateway/upstream";
import type { Runtime } from "./runtime";

/** Demo mode's own setup: a user per sandbox member, and the sandbox's webhooks pointed at this inbox. */

/** Every demo user's password (README's quick start). */
export const DEMO_PASSWORD = "inbox-demo";

export function demoRole(member: Pick<Member, "role">): Role {
  if (member.role === "owner") return "admin";
  if (member.role === "manager") return "manager";
  return "member";
}

/** Demo mode: the sandbox delivers its events to this inbox's webhook endpoint, as the real API would. */
export async function subscribeToDemoWebhooks(upstream: Upstream, url: string, secret: string): Promise<void> {
  const sandbox = upstream.sandboxFetch;
  if (!sandbox) return;
  const listed = await sandbox("/_sandbox/webhooks");
  if (!listed.ok) throw new Error(`listing subscriptions answered ${listed.status}`);
  const { data } = (await listed.json()) as { data: { id: string; url: string }[] };
  // A previous run's subscription signs with a secret this run no longer knows.
  for (const old of data.filter((s) => s.url === url)) await sandbox(`/_sandbox/webhooks/${old.id}`, { method: "DELETE" });
  const created = await sandbox("/_sandbox/webhooks", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url, secret }) });
  if (!created.ok) throw new Error(`subscribing answered ${created.status}`);
}

export async function ensureDemoUsers(runtime: Runtime): Promise<void> {
  const members: Member[] = [];
  for await (const member of paginateItems(runtime.upstream.client.members.list, { limit: 100 })) members.push(member);
  for (const member of members) {
    if (await runtime.users.get(member.email)) continue;
    await runtime.users.add({ email: member.email, name: member.name, password: DEMO_PASSWORD, role: demoRole(member), memberId: member.id });
  }
}

