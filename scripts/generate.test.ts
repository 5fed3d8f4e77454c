import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LENGTH_WORDS } from "../contract/options";
import { countWords } from "../server/content/text";
import { projectRoot } from "../server/lib/paths";
import { FIXTURES } from "../test/fixtures";

const run = (args: string[]) =>
  spawnSync(join(projectRoot, "node_modules/.bin/tsx"), [join(projectRoot, "scripts/generate.ts"), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    env: {
      ...process.env,
      VIDEO_SOURCE: "fixtures",
      LLM_PROVIDER: "extractive",
      DATA_DIR: join(projectRoot, ".test-data"),
    },
    timeout: 60_000,
  });

// Each run starts a process of its own (a few seconds each, more when the other cores are busy).
describe("npm run generate", { timeout: 60_000 }, () => {
  it("prints the article's markdown with the same pipeline", () => {
    const result = run([
      `https://youtu.be/${FIXTURES.rich()}`,
      "--style",
      "nyt",
      "--length",
      "long",
      "--tone",
      "formal",
    ]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^# .+\n\n> .+/);
    const body = result.stdout.split("\n").slice(4).join("\n");
    const words = countWords(body);
    expect(words).toBeGreaterThanOrEqual(LENGTH_WORDS.long.min);
    expect(words).toBeLessThanOrEqual(LENGTH_WORDS.long.max + 10);
    expect(result.stderr).toContain("[writing]");
  });

  it("explains bad arguments and unavailable videos instead of crashing", () => {
    const bad = run(["https://vimeo.com/1"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("valid YouTube URL");
    const privateVideo = run([FIXTURES.private()]);
    expect(privateVideo.status).toBe(1);
    expect(privateVideo.stderr).toContain("private");
  });
});
