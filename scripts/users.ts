/**
 * `npm run users -- <command>`: manage the inbox's users from a shell, with the same rules as
 * the admins' settings page (lib/server/accounts/users). Passwords are read without echo, from the
 * terminal or, with `--password-stdin`, from standard input; they are never printed.
 *
 *   list
 *   add <email> --name <name> [--role member|manager|admin] [--member <memberId>]
 *   remove <email>
 *   set-role <email> <member|manager|admin>
 *   link-member <email> <memberId|none>
 *   reset-password <email>
 *
 * With the embedded database, stop the inbox first: one process at a time may open it.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { ConfigError, config } from "@/lib/server/runtime/env";
import { createAuth } from "@/lib/server/accounts/auth";
import { inboxDatabaseConfig, openInboxDatabase } from "@/lib/server/store/db";
import { ROLES, type Role } from "@/lib/server/access/policy";
import { createUpstream } from "@/lib/server/gateway/upstream";
import { UserError, createUsers } from "@/lib/server/accounts/users";
import { DatabaseInUseError } from "@/lib/db/connection";

const USAGE = `Usage: npm run users -- <command>
  list
  add <email> --name <name> [--role member|manager|admin] [--member <memberId>] [--password-stdin]
  remove <email>
  set-role <email> <member|manager|admin>
  link-member <email> <memberId|none>
  reset-password <email> [--password-stdin]`;

const { values: flags, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        name: { type: "string" },
        role: { type: "string" },
        member: { type: "string" },
        "password-stdin": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();

const [command, ...args] = positionals;
if (flags.help || !command) {
  console.log(USAGE);
  process.exit(flags.help ? 0 : 2);
}

let inboxConfig;
try {
  inboxConfig = config();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

let database;
try {
  database = await openInboxDatabase(inboxDatabaseConfig(inboxConfig));
} catch (error) {
  fail(error instanceof DatabaseInUseError ? error.message : `Could not open the inbox database: ${String(error)}`);
}
const users = createUsers(database.db, createAuth(database.db, inboxConfig));

try {
  switch (command) {
    case "list": {
      const all = await users.list();
      if (all.length === 0) console.log("No users yet. Add one with: npm run users -- add <email> --name <name> --role admin");
      for (const user of all) console.log(`${user.email.padEnd(32)} ${user.role.padEnd(8)} ${(user.memberId ?? "(no member)").padEnd(16)} ${user.name}`);
      break;
    }
    case "add": {
      const email = need(args[0], "an email");
      const name = need(flags.name, "--name");
      const role = roleOf(flags.role ?? "member");
      const memberId = flags.member ? await checkedMember(flags.member) : null;
      const password = await readPassword(`Password for ${email}: `);
      const user = await users.add({ email, name, password, role, memberId });
      console.log(`Added ${user.email} as ${user.role}${user.memberId ? `, acting as member ${user.memberId}` : ""}.`);
      break;
    }
    case "remove": {
      const email = need(args[0], "an email");
      await users.remove(email);
      console.log(`Removed ${email}; their sessions have ended.`);
      break;
    }
    case "set-role": {
      const email = need(args[0], "an email");
      const user = await users.setRole(email, roleOf(need(args[1], "a role")));
      console.log(`${user.email} is now ${user.role}.`);
      break;
    }
    case "link-member": {
      const email = need(args[0], "an email");
      const target = need(args[1], "a member ID or none");
      const user = await users.linkMember(email, target === "none" ? null : await checkedMember(target));
      console.log(user.memberId ? `${user.email} now acts as member ${user.memberId}.` : `${user.email} is no longer linked to a member.`);
      break;
    }
    case "reset-password": {
      const email = need(args[0], "an email");
      if (!(await users.get(email))) throw new UserError("userNotFound", `No user has the email ${email}.`);
      await users.resetPassword(email, await readPassword(`New password for ${email}: `));
      console.log(`Password changed for ${email}; their sessions have ended.`);
      break;
    }
    default:
      fail(`Unknown command "${command}".\n${USAGE}`);
  }
} catch (error) {
  await database.close();
  fail(error instanceof UserError ? error.message : `Failed: ${error instanceof Error ? error.message : String(error)}`);
}
await database.close();

/** A member ID the API knows; asked of the API so a typo is caught here, not at the first assignment. */
async function checkedMember(memberId: string): Promise<string> {
  const upstream = createUpstream(inboxConfig!);
  try {
    const { body } = await upstream.client.members.get(memberId);
    return body.id;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "memberNotFound" || code === "invalidRequest") fail(`The API has no member ${memberId}. Members are listed by GET /members.`);
    throw error;
  } finally {
    await upstream.close();
  }
}

function roleOf(value: string): Role {
  if (!(ROLES as readonly string[]).includes(value)) fail(`The role must be one of ${ROLES.join(", ")}.`);
  return value as Role;
}

function need(value: string | undefined, what: string): string {
  if (!value) fail(`Give ${what}.\n${USAGE}`);
  return value;
}

async function readPassword(prompt: string): Promise<string> {
  if (flags["password-stdin"] || !process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
  }
  // Echo off: the prompt is written, the keystrokes are not.
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (text: string) =>
    new Promise<string>((resolve) => {
      muted = false;
      process.stdout.write(text);
      muted = true;
      rl.question("", (answer) => {
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  const first = await ask(prompt);
  const again = await ask("Again, to confirm: ");
  rl.close();
  if (first !== again) fail("The two passwords differ; nothing was changed.");
  return first;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
