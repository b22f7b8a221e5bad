import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "@/lib/db/connection";
import { brandedError } from "@/lib/api/branded-error";
import { ApiError, ERROR_STATUS } from "@/lib/api/errors";
import { newUser, userPassword, userPatch, userRole, type InboxUser, type NewUser, type UserPatch } from "@/lib/api/users";
export { userAdminRefusal } from "@/lib/api/users";
import type { Auth } from "./auth";
import { ROLES, type Role } from "../access/policy";
import { user } from "../store/schema";

/**
 * Managing the inbox's users: one implementation behind `npm run users` and the admins'
 * settings page (/api/inbox/users). Every rule lives here or in the field schemas of
 * lib/api/users: emails are unique and compared in lower case, passwords are 8–256
 * characters and hashed by better-auth, one user per API member, the last admin can be
 * neither removed nor demoted, and a removed user or a new password ends every session at once.
 * `onChange` hears of every change to an existing user, so open event streams check their
 * session again (lib/server/http/sse).
 */

export type { InboxUser, NewUser, UserPatch };

export class UserError extends brandedError("UserError") {
  readonly code: "userExists" | "userNotFound" | "lastAdmin" | "memberTaken" | "invalidUser";
  constructor(code: UserError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

/** Whether an error is a refusal of this module (`instanceof` by brand, as `ApiError` explains). */
export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

export type Users = ReturnType<typeof createUsers>;

export function createUsers(db: Database, auth: Auth, options: { onChange?: (userId: string) => void } = {}) {
  const context = () => auth.$context;
  const changed = (userId: string) => options.onChange?.(userId);

  async function find(email: string) {
    const [row] = await db.select().from(user).where(eq(user.email, normalize(email)));
    return row ?? null;
  }

  async function require(email: string) {
    const row = await find(email);
    if (!row) throw new UserError("userNotFound", `No user has the email ${normalize(email)}.`);
    return row;
  }

  /** Refuses a member another user already acts as. */
  async function checkMemberFree(memberId: string | null, self: string | null) {
    if (!memberId) return;
    const [holder] = await db.select().from(user).where(eq(user.memberId, memberId));
    if (holder && holder.id !== self) {
      throw new UserError("memberTaken", `${holder.name} (${holder.email}) already acts as member ${memberId}: unlink them first.`);
    }
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
      await checkMemberFree(parsed.memberId, null);
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
      changed(row.id);
    },

    async setRole(email: string, role: Role): Promise<InboxUser> {
      const nextRole = parse(userRole, role);
      const row = await require(email);
      if (row.role === "admin" && nextRole !== "admin" && (await adminCount()) <= 1) {
        throw new UserError("lastAdmin", "The last admin cannot lose the admin role: make another user an admin first.");
      }
      await db.update(user).set({ role: nextRole, updatedAt: new Date() }).where(eq(user.id, row.id));
      changed(row.id);
      return (await this.byId(row.id))!;
    },

    async linkMember(email: string, memberId: string | null): Promise<InboxUser> {
      return this.update(email, { memberId });
    },

    /** Several fields at once (the settings page's PATCH), each under its own rule. */
    async update(email: string, patch: UserPatch): Promise<InboxUser> {
      const changes = parse(userPatch, patch);
      // Every check before any change, so a refusal leaves the user as it was.
      const current = await require(email);
      if (changes.memberId !== undefined) await checkMemberFree(changes.memberId, current.id);
      if (changes.role !== undefined && changes.role !== current.role) await this.setRole(email, changes.role);
      const rest = { ...(changes.name !== undefined ? { name: changes.name } : {}), ...(changes.memberId !== undefined ? { memberId: changes.memberId } : {}) };
      if (Object.keys(rest).length > 0) {
        await db.update(user).set({ ...rest, updatedAt: new Date() }).where(eq(user.id, current.id));
        changed(current.id);
      }
      return (await this.byId(current.id))!;
    },

    async resetPassword(email: string, password: string): Promise<void> {
      const hashed = parse(userPassword, password);
      const row = await require(email);
      const ctx = await context();
      await ctx.internalAdapter.updatePassword(row.id, await ctx.password.hash(hashed));
      await ctx.internalAdapter.deleteUserSessions(row.id);
      changed(row.id);
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

/** The API error a refusal answers with (lib/api/users lists them). */
export function userApiError(error: UserError): ApiError {
  const code = error.code === "invalidUser" ? "invalidRequest" : error.code;
  return new ApiError({ status: ERROR_STATUS[code], code, message: error.message });
}
