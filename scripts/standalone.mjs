/**
 * The second half of `npm run build`: completes the folder `next build` writes for
 * `output: "standalone"` (.next/standalone) into one that runs with `node` alone, on a machine
 * with no checkout and no `npm ci`:
 *
 *   .next/standalone/
 *     server.mjs                     the inbox's server (scripts/server.mjs): `node server.mjs`
 *     .next/                         Next's server build (from next build), and .next/static
 *     node_modules/                  what the server build needs at run time (traced by Next),
 *                                    PGlite's wasm and data files among them
 *     public/                        files served as they are
 *     lib/server/store/migrations/   the inbox's SQL migrations, and the demo sandbox's in
 *     lib/sandbox/migrations/        lib/sandbox: both are read from the working directory
 *
 * Next's own server.js is removed: it serves without the inbox's peer-address stamping, so
 * every sign-in would answer 503 (lib/server/accounts/sign-in.ts). Copy the folder with its
 * symbolic links as they are (`cp -a`, `rsync -a`, tar): .next/node_modules links into it.
 *
 *   node scripts/standalone.mjs      (after `next build`; `npm run build` runs both)
 */
import { cpSync, existsSync, readdirSync, readlinkSync, realpathSync, rmSync, statSync, lstatSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, ".next", "standalone");

/** What is copied in, from the checkout to the same place in the folder. */
const COPIED = [
  [".next/static", ".next/static"],
  ["public", "public"],
  ["lib/server/store/migrations", "lib/server/store/migrations"],
  ["lib/sandbox/migrations", "lib/sandbox/migrations"],
  ["scripts/server.mjs", "server.mjs"],
];

/** PGlite loads these beside its code at run time; Next's tracing finds them today, and this keeps it so. */
const PGLITE = "node_modules/@electric-sql/pglite";
const PGLITE_FILES = ["dist/pglite.wasm", "dist/pglite.data", "dist/initdb.wasm", "package.json"];

if (!existsSync(path.join(out, ".next", "required-server-files.json"))) {
  fail(`${path.relative(root, out)} is missing or incomplete: run \`next build\` first, with output: "standalone" in next.config.mjs.`);
}
for (const [from, to] of COPIED) {
  const source = path.join(root, from);
  if (!existsSync(source)) fail(`${from} is missing from the checkout.`);
  rmSync(path.join(out, to), { recursive: true, force: true });
  cpSync(source, path.join(out, to), { recursive: true });
}
rmSync(path.join(out, "server.js"), { force: true });
for (const file of PGLITE_FILES) {
  const target = path.join(out, PGLITE, file);
  if (!existsSync(target)) cpSync(path.join(root, PGLITE, file), target);
}
checkLinks(path.join(out, ".next", "node_modules"));

const megabytes = Math.round(size(out) / 1024 / 1024);
console.log(`[standalone] ${path.relative(root, out)} is ready (${megabytes} MB): node ${path.relative(root, path.join(out, "server.mjs"))}`);

/** Next links each external package's hashed name to its folder; each link must stay inside the folder. */
function checkLinks(folder) {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { recursive: true })) {
    const link = path.join(folder, entry);
    if (!lstatSync(link).isSymbolicLink()) continue;
    if (path.isAbsolute(readlinkSync(link))) fail(`${path.relative(root, link)} links to an absolute path: the folder would not run elsewhere.`);
    const target = realpathSync(link);
    if (!target.startsWith(out + path.sep)) fail(`${path.relative(root, link)} links outside the standalone folder, to ${target}.`);
  }
}

function size(target) {
  const stats = lstatSync(target);
  if (!stats.isDirectory()) return stats.isFile() ? statSync(target).size : 0;
  return readdirSync(target).reduce((sum, entry) => sum + size(path.join(target, entry)), 0);
}

function fail(message) {
  console.error(`[standalone] ${message}`);
  process.exit(1);
}
