// npm test: every check in one command, in the order a failure is cheapest to find:
// types, lint and format, then the unit, API (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set) and browser layers, the last two side by side. Ends with one summary line, "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
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

// Two Vitest runs at once: the unit and API files (two workers, CPU-bound) and the browser
// journeys (one browser and one built server, mostly waiting on pages: under one core). One after
// the other they took 280 s + 330 s on a quiet two-core machine; side by side the journeys fill
// the idle time. The journeys' output is kept in a file and printed after the other run's, so
// the two never interleave.
const projects = ["unit", "api-pglite", ...(process.env.TEST_DATABASE_URL ? ["api-postgres"] : [])];
const runs = [
  { title: "unit and API tests", args: projects.flatMap((p) => ["--project", p]), report: "vitest.json" },
  { title: "browser journeys", args: ["--project", "e2e"], report: "vitest-e2e.json", log: "e2e.log" },
];

function vitest(run) {
  const report = join(root, "test-results", run.report);
  rmSync(report, { force: true });
  const args = ["run", "--passWithNoTests", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  const output = run.log ? openSync(join(root, "test-results", run.log), "w") : "inherit";
  const child = spawn(bin("vitest"), [...args, ...run.args, ...extraArgs], {
    cwd: root,
    env: process.env,
    stdio: ["ignore", output, output],
  });
  return new Promise((resolve) => {
    child.on("error", () => resolve({ run, report, ok: false }));
    child.on("close", (code) => resolve({ run, report, ok: code === 0 }));
  });
}

console.log(`\n== tests: ${runs.map((r) => r.title).join(" and ")}, at the same time`);
const finished = await Promise.all(runs.map(vitest));

let passed = 0;
let failed = 0;
let skipped = 0;
for (const { run, report, ok } of finished) {
  if (run.log) {
    console.log(`\n== ${run.title} (written to test-results/${run.log} while the other run went on)`);
    process.stdout.write(readFileSync(join(root, "test-results", run.log), "utf8"));
  }
  if (!existsSync(report)) {
    failed += 1;
    continue;
  }
  const results = JSON.parse(readFileSync(report, "utf8"));
  passed += results.numPassedTests;
  // A run that failed with no failed test (a crash, an error outside tests) still counts once.
  failed += results.numFailedTests + (ok || results.numFailedTests > 0 ? 0 : 1);
  skipped += results.numPendingTests + results.numTodoTests;
}
const ok = finished.every((f) => f.ok);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok && failed === 0 ? 0 : 1);
