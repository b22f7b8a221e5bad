import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

/**
 * Every error class of ours survives Next's bundling (lib/api/branded-error): each is made with
 * `brandedError`, and an error made by a second copy of its module — as a route's bundle holds
 * apart from the runtime's — is still recognised by the first. A new class that does not follow
 * the rule, or is not listed here, fails the last test.
 */
type ErrorClass = new (...args: never[]) => Error;

const CLASSES: { file: string; name: string; load: () => Promise<Record<string, unknown>>; make: (Class: ErrorClass) => Error }[] = [
  {
    file: "lib/api/errors.ts",
    name: "ApiError",
    load: () => import("@/lib/api/errors"),
    make: (C) => new (C as unknown as new (init: { status: number; code: string }) => Error)({ status: 404, code: "threadNotFound" }),
  },
  {
    file: "lib/server/accounts/users.ts",
    name: "UserError",
    load: () => import("@/lib/server/accounts/users"),
    make: (C) => new (C as unknown as new (code: string, message: string) => Error)("lastAdmin", "The last admin stays."),
  },
  {
    file: "lib/server/events/webhook-verify.ts",
    name: "WebhookRejected",
    load: () => import("@/lib/server/events/webhook-verify"),
    make: (C) => new (C as unknown as new (reason: string, message: string) => Error)("signature", "No matching signature found"),
  },
  {
    file: "lib/server/runtime/env.ts",
    name: "ConfigError",
    load: () => import("@/lib/server/runtime/env"),
    make: (C) => new (C as unknown as new (variable: string, message: string) => Error)("INBOX_SECRET", "INBOX_SECRET is required."),
  },
  {
    file: "lib/server/store/migrate.ts",
    name: "MigrationError",
    load: () => import("@/lib/server/store/migrate"),
    make: (C) => new (C as unknown as new (migration: string | null, message: string) => Error)("0005_labels", "Migration 0005_labels failed."),
  },
  {
    file: "lib/server/search/message-search.ts",
    name: "SearchCursorError",
    load: () => import("@/lib/server/search/message-search"),
    make: (C) => new (C as unknown as new (message: string) => Error)("The cursor is malformed."),
  },
  {
    file: "lib/db/connection.ts",
    name: "DatabaseInUseError",
    load: () => import("@/lib/db/connection"),
    make: (C) => new (C as unknown as new (message: string) => Error)("The database folder is in use."),
  },
];

describe("error classes across copies of their modules", () => {
  it.each(CLASSES)("$name thrown by one copy of $file is recognised by another, and by nothing else", async ({ name, load, make }) => {
    const first = (await load())[name] as ErrorClass;
    vi.resetModules();
    const second = (await load())[name] as ErrorClass;
    expect(second).not.toBe(first);

    const theirs = make(second);
    expect(theirs instanceof first).toBe(true);
    expect(make(first) instanceof second).toBe(true);
    expect(theirs.name).toBe(name);
    expect(new Error(theirs.message) instanceof first).toBe(false);
    for (const other of CLASSES.filter((c) => c.name !== name)) {
      expect(theirs instanceof ((await other.load())[other.name] as ErrorClass), other.name).toBe(false);
    }
  });

  it("every error class in the code is branded, under its own name, and listed above", () => {
    const found: string[] = [];
    const unbranded: string[] = [];
    // The rule's own base class is the one that extends Error itself.
    for (const file of sourceFiles().filter((f) => !f.endsWith(path.join("lib", "api", "branded-error.ts")))) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/\bclass\s+(\w+)\s+extends\s+([\w.]+)(\(\s*["'`]([^"'`]*)["'`])?/g)) {
        const [, name, base, call, brand] = match;
        const relative = path.relative(ROOT, file);
        if (base === "brandedError" && call) {
          if (brand !== name) unbranded.push(`${relative}: ${name} is branded "${brand}"`);
          else found.push(`${relative}#${name}`);
        } else if (/Error$/.test(base!) || base === "brandedError") {
          unbranded.push(`${relative}: ${name} extends ${base}, not brandedError("${name}")`);
        }
      }
    }
    expect(unbranded).toEqual([]);
    expect(found.sort()).toEqual(CLASSES.map((c) => `${c.file}#${c.name}`).sort());
  });
});

const ROOT = path.resolve(import.meta.dirname, "..");

function sourceFiles(): string[] {
  const files = readdirSync(ROOT).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(ROOT, f));
  for (const folder of ["app", "lib", "components", "scripts"]) {
    for (const entry of readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path.join(entry.parentPath, entry.name));
    }
  }
  return files;
}
