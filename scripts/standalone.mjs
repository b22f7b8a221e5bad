/**
 * The second half of `npm run build`: completes the folder `next build` writes for
 * `output: "standalone"` (.next/standalone) into one that runs with `node` alone, on a machine
 * with no checkout and no `npm ci`:
 *
 *   .next/standalone/
 *     server.mjs                     the inbox's server (scripts/server.mjs): `node server.mjs`
 *     .next/                         Next's server build (from next build), and .next/static
 *                                    with a brotli (.br) and a gzip (.gz) copy of each text file
 *     node_modules/                  what the server build needs at run time (traced by Next),
 *                                    PGlite's wasm and data files among them, sirv (with its
 *                                    dependencies), which serves .next/static, and compression
 *                                    and compressible, which compress the rest
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
import { cpSync, existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, lstatSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PRECOMPRESSED_MARK } from "./server.mjs";

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

/** The packages server.mjs imports that Next's build does not trace (copyPackage). */
const SERVER_PACKAGES = ["sirv", "compression", "compressible"];
/** The files of `.next/static` worth compressing: text, not images or fonts already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt|html|map)$/;

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
for (const name of SERVER_PACKAGES) copyPackage(name);
const compressed = precompress(path.join(out, ".next", "static"));
checkLinks(path.join(out, ".next", "node_modules"));

const megabytes = Math.round(size(out) / 1024 / 1024);
console.log(`[standalone] ${path.relative(root, out)} is ready (${megabytes} MB, ${compressed} static files precompressed): node ${path.relative(root, path.join(out, "server.mjs"))}`);

/**
 * What server.mjs itself imports beyond Node and Next (which Next's tracing cannot see, as the
 * server is not part of the build), each with its own dependencies.
 */
function copyPackage(name, from = root) {
  // Node's own lookup, from the package that needs it up (a package's exports may hide its manifest).
  const folder = [from, ...ancestors(from)].map((dir) => path.join(dir, "node_modules", name)).find((dir) => existsSync(path.join(dir, "package.json")));
  if (!folder) fail(`${name} is not installed: run npm ci.`);
  const manifest = path.join(folder, "package.json");
  const target = path.join(out, "node_modules", name);
  if (existsSync(target)) return;
  cpSync(folder, target, { recursive: true });
  const { dependencies = {} } = JSON.parse(readFileSync(manifest, "utf8"));
  for (const dependency of Object.keys(dependencies)) copyPackage(dependency, folder);
}

function ancestors(dir) {
  const parent = path.dirname(dir);
  return parent === dir ? [] : [parent, ...ancestors(parent)];
}

/**
 * A brotli (highest quality) and a gzip copy beside each text file of `.next/static`, once per
 * build, for server.mjs to serve as they are (it serves them only when the mark is there); a
 * copy no smaller than its file is not kept. Answers how many files got copies.
 */
function precompress(folder) {
  let count = 0;
  for (const entry of readdirSync(folder, { recursive: true })) {
    const file = path.join(folder, entry);
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    const gzip = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
    count++;
  }
  writeFileSync(path.join(folder, "..", PRECOMPRESSED_MARK), "");
  return count;
}

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
