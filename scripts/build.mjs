// Builds what `npm start` serves: the web client (dist/client), the server-rendering bundle
// (dist/ssr) and the server itself (dist/server). With --if-stale it does nothing when every
// output is newer than every source file, so a second `npm start` starts at once.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const stamp = join(root, "dist/.build-stamp");
const SOURCES = ["web", "server", "contract", "scripts", "package.json", "package-lock.json", "vite.config.ts"];

function newestSource(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestSource(join(path, entry)));
  return newest;
}

if (process.argv.includes("--if-stale") && existsSync(stamp)) {
  const built = statSync(stamp).mtimeMs;
  if (Math.max(...SOURCES.map(newestSource)) < built) process.exit(0);
}

// Vite keeps an inherited NODE_ENV (vitest sets "test"), which would ship React's development
// build; what we build is always the production app.
process.env.NODE_ENV = "production";
const started = Date.now();
const configFile = join(root, "vite.config.ts");
await viteBuild({ configFile, logLevel: "warn", mode: "production" });
// The server preloads the chunk of the page it renders by looking the page's file up in Vite's
// manifest; a page missing there would still work, only later (after the entry asked for it).
const manifest = JSON.parse(readFileSync(join(root, "dist/client/.vite/manifest.json"), "utf8"));
const unmapped = readdirSync(join(root, "web/pages"))
  .filter((file) => /\.tsx$/.test(file) && !/\.test\.tsx$/.test(file))
  .filter((file) => !manifest[`pages/${file}`]?.isDynamicEntry);
if (unmapped.length > 0) {
  throw new Error(`no chunk of their own in the client manifest (see vite.config.ts): ${unmapped.join(", ")}`);
}
await viteBuild({
  configFile,
  logLevel: "warn",
  mode: "production",
  build: { ssr: "entry-server.tsx", outDir: join(root, "dist/ssr"), emptyOutDir: true },
});
// Compress the hashed assets once at build time; the server sends the .br or .gz file to
// browsers that accept it, so no request pays for compression.
const assetsDir = join(root, "dist/client/assets");
for (const file of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(file)) continue;
  const body = readFileSync(join(assetsDir, file));
  writeFileSync(join(assetsDir, `${file}.gz`), gzipSync(body, { level: 9 }));
  writeFileSync(
    join(assetsDir, `${file}.br`),
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

await esbuild({
  entryPoints: {
    "server/main": join(root, "server/main.ts"),
    // Edits render on worker threads; render-pool.ts looks for this file beside main.js.
    "server/render-worker": join(root, "server/generation/render-worker.ts"),
    "scripts/admin": join(root, "scripts/admin.ts"),
    "scripts/generate": join(root, "scripts/generate.ts"),
  },
  outdir: join(root, "dist"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
writeFileSync(stamp, new Date().toISOString());
console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)}s`);
