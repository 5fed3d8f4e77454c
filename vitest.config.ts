import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@": fileURLToPath(new URL("./web", import.meta.url)),
  "@contract": fileURLToPath(new URL("./contract", import.meta.url)),
};
const setupFiles = ["./test/setup/no-network.ts"];

// Test layers (see the README): unit tests next to the code, API tests (*.api.test.ts) against
// PGlite and, when TEST_DATABASE_URL is set, again against real PostgreSQL (with the
// PostgreSQL-only *.pg.api.test.ts), and browser
// journeys in e2e/ against the built app.
// *.pg.api.test.ts covers what only PostgreSQL has (several processes on one database).
const apiProjects = [
  {
    name: "api-pglite",
    env: { TEST_DB: "pglite" },
    include: ["server/**/*.api.test.ts"],
    exclude: ["**/*.pg.api.test.ts"],
  },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "api-postgres", env: { TEST_DB: "postgres" }, include: ["server/**/*.api.test.ts"], exclude: [] }]
    : []),
];

// Unit and API files run two at a time (the machine's two cores); the browser journeys run one
// file at a time (one browser, one server). `npm test` runs the journeys in a Vitest process of
// their own beside the rest (scripts/test.mjs); a plain `vitest run` of everything runs them
// after the rest, since projects with different worker counts must be in different groups
// (sequence.groupOrder).
const parallel = { maxWorkers: 2, sequence: { groupOrder: 0 } };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          ...parallel,
          // Unit files share their worker's modules: loading the writer's module graph anew for
          // each of 160+ files took a third of the project's time (200 s -> 127 s). They keep no
          // state between files; the one that stubs fetch restores it.
          isolate: false,
          // The browser journeys run beside these (scripts/test.mjs), so a CPU-bound test (the
          // render worker on pathological markdown at its size limit: 4.3 s alone) can pass
          // Vitest's default 5 s on a busy two-core machine; 30 s still ends a hung test.
          testTimeout: 30_000,
          include: ["{server,web,contract,scripts,test}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.api.test.ts", "node_modules/**"],
          setupFiles,
        },
      },
      ...apiProjects.map((project) => ({
        extends: true as const,
        test: {
          name: project.name,
          ...parallel,
          include: project.include,
          exclude: [...project.exclude, "node_modules/**"],
          env: project.env,
          setupFiles,
          // API files share their worker's modules too (415 s -> 226 s on PGlite): each builds
          // its own app on its own database, and what modules keep across apps is keyed by the
          // database or the app (WeakMaps) or by content (the page islands, the digests).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["./e2e/global-setup.ts"],
          setupFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server: journeys run one file at a time.
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
