import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db/connection";
import { serviceId } from "@/lib/api/primitives";
import type { Auth } from "./auth";
import { ROLES, type Role } from "./policy";
import { user } from "./schema";

/**
 * Managing the inbox's users: one implementation behind `npm run users` and the admins'
 * settings page. Every rule lives here: emails are unique and compared in lower case,
 * passwords are 8–256 characters and hashed by better-auth, the last admin can be neither
 * removed nor demoted, and a removed user or a new password ends every session at once.
 */

export const userRole = z.enum(ROLES);
export const userEmail = z.string().trim().toLowerCase().pipe(z.email("Enter an email address, such as anna@example.com."));
export const userPassword = z
  .string()
  .min(8, "A password needs at least 8 characters.")
  .max(256, "A password may have at most 256 characters.");
export const userName = z.string().trim().min(1, "Enter a name.").max(100, "A name may have at most 100 characters.");

export const newUser = z.object({
  email: userEmail,
  name: userName,
  password: userPassword,
  role: userRole.default("member"),
  memberId: serviceId.nullable().default(null),
});
export type NewUser = z.input<typeof newUser>;

export type InboxUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  memberId: string | null;
  createdAt: string;
};

export class UserError extends Error {
  readonly code: "userExists" | "userNotFound" | "lastAdmin" | "invalidUser";
  constructor(code: UserError["code"], message: string) {
    super(message);
    this.name = "UserError";
    this.code = code;
  }
}

export type Users = ReturnType<typeof createUsers>;

export function createUsers(db: Database, auth: Auth) {
  const context = () => auth.$context;

  async function find(email: string) {
    const [row] = await db.select().from(user).where(eq(user.email, normalize(email)));
    return row ?? null;
  }

  async function require(email: string) {
    const row = await find(email);
    if (!row) throw new UserError("userNotFound", `No user has the email ${normalize(email)}.`);
    return row;
  }

  async function adminCount(): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user).where(eq(user.role, "admin"));
    return row?.n ?? 0;
  }

  return {
    async list(): Promise<InboxUser[]> {
      const rows = await db.select().from(user).orderBy(asc(user.email));
      return rows.map(toInboxUser);
    },

    async get(email: string): Promise<InboxUser | null> {
      const row = await find(email);
      return row ? toInboxUser(row) : null;
    },

    async byId(id: string): Promise<InboxUser | null> {
      const [row] = await db.select().from(user).where(eq(user.id, id));
      return row ? toInboxUser(row) : null;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
      return row?.n ?? 0;
    },

    async add(input: NewUser): Promise<InboxUser> {
      const parsed = parse(newUser, input);
      if (await find(parsed.email)) throw new UserError("userExists", `A user with the email ${parsed.email} already exists.`);
      const ctx = await context();
      const created = await ctx.internalAdapter.createUser({
        email: parsed.email,
        name: parsed.name,
        emailVerified: true,
        role: parsed.role,
        memberId: parsed.memberId,
      }, { method: "admin" });
      await ctx.internalAdapter.linkAccount({
        userId: created.id,
        providerId: "credential",
        accountId: created.id,
        password: await ctx.password.hash(parsed.password),
      });
      return (await this.byId(created.id))!;
    },

    async remove(email: string): Promise<void> {
      const row = await require(email);
      if (row.role === "admin" && (await adminCount()) <= 1) {
        throw new UserError("lastAdmin", "The last admin cannot be removed: make another user an admin first.");
      }
      const ctx = await context();
      await ctx.internalAdapter.deleteUserSessions(row.id);
      await ctx.internalAdapter.deleteUser(row.id);
    },

    async setRole(email: string, role: Role): Promise<InboxUser> {
      const nextRole = parse(userRole, role);
      const row = await require(email);
      if (row.role === "admin" && nextRole !== "admin" && (await adminCount()) <= 1) {
        throw new UserError("lastAdmin", "The last admin cannot lose the admin role: make another user an admin first.");
      }
      await db.update(user).set({ role: nextRole, updatedAt: new Date() }).where(eq(user.id, row.id));
      return (await this.byId(row.id))!;
    },

    async linkMember(email: string, memberId: string | null): Promise<InboxUser> {
      const id = parse(serviceId.nullable(), memberId);
      const row = await require(email);
      await db.update(user).set({ memberId: id, updatedAt: new Date() }).where(eq(user.id, row.id));
      return (await this.byId(row.id))!;
    },

    async resetPassword(email: string, password: string): Promise<void> {
      const hashed = parse(userPassword, password);
      const row = await require(email);
      const ctx = await context();
      await ctx.internalAdapter.updatePassword(row.id, await ctx.password.hash(hashed));
      await ctx.internalAdapter.deleteUserSessions(row.id);
    },
  };
}

function normalize(email: string): string {
  return email.trim().toLowerCase();
}

function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new UserError("invalidUser", result.error.issues[0]?.message ?? "That user is not valid.");
  return result.data;
}

function toInboxUser(row: typeof user.$inferSelect): InboxUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : "member",
    memberId: row.memberId,
    createdAt: row.createdAt.toISOString(),
  };
}
