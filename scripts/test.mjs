// npm test: every check in one command, in the order a failure is cheapest to find:
// types, lint and format, then the unit, API (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set) and browser layers. Ends with one summary line, "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules/.bin", name);
const extraArgs = process.argv.slice(2);

function step(title, command, args) {
  console.log(`\n== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  return result.status === 0;
}

if (!step("typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"])) process.exit(1);
if (!step("lint and format (biome)", bin("biome"), ["check", "."])) process.exit(1);

if (!process.env.TEST_DATABASE_URL) {
  console.log("\nTEST_DATABASE_URL is not set: the API tests run on PGlite only (CI runs them on PostgreSQL too).");
}
mkdirSync(join(root, "test-results"), { recursive: true });
const report = join(root, "test-results/vitest.json");
rmSync(report, { force: true });
const ok = step("tests (unit, api, e2e)", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...extraArgs,
]);

let passed = 0;
let failed = ok ? 0 : 1;
let skipped = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, "utf8"));
  passed = results.numPassedTests;
  failed = results.numFailedTests + (ok || results.numFailedTests > 0 ? 0 : 1);
  skipped = results.numPendingTests + results.numTodoTests;
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok && failed === 0 ? 0 : 1);
