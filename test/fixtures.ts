import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../server/lib/paths";

/** The bundled fixture videos, as their JSON files say (architecture page's format). */
interface RawFixture {
  id: string;
  durationSeconds?: number;
  chapters: unknown[] | null;
  transcript: { kind: string; language: string; segments: unknown[] } | null;
  comments: unknown[] | null;
  /** A file beside it standing for the video's audio (speech to text). */
  audio?: string;
  unavailable?: string;
}

const dir = join(projectRoot, "fixtures/videos");

export function allFixtures(): RawFixture[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")) as RawFixture);
}

/** The id of the first bundled fixture that fits; throws when none does (a missing fixture is a bug). */
export function fixtureId(description: string, fits: (video: RawFixture) => boolean): string {
  const found = allFixtures().find(fits);
  if (!found) throw new Error(`no bundled fixture video is ${description}`);
  return found.id;
}

const available = (v: RawFixture) => !v.unavailable;

export const FIXTURES = {
  rich: () =>
    fixtureId("rich (chapters, captions, comments)", (v) =>
      Boolean(available(v) && v.chapters?.length && v.transcript && v.comments?.length),
    ),
  noCaptions: () => fixtureId("without captions", (v) => available(v) && v.transcript === null),
  /** Neither captions nor audio: an article of it has the description only. */
  wordless: () => fixtureId("without captions or audio", (v) => available(v) && v.transcript === null && !v.audio),
  withAudio: () =>
    fixtureId("without captions but with its audio", (v) => available(v) && v.transcript === null && Boolean(v.audio)),
  noComments: () =>
    fixtureId("with comments disabled", (v) => available(v) && v.comments === null && v.transcript !== null),
  autoCaptions: () => fixtureId("with auto captions", (v) => available(v) && v.transcript?.kind === "auto"),
  nonEnglish: () =>
    fixtureId(
      "with a non-English transcript",
      (v) => available(v) && Boolean(v.transcript && !v.transcript.language.startsWith("en")),
    ),
  short: () => fixtureId("a very short clip", (v) => available(v) && (v.durationSeconds ?? 999) < 60),
  long: () => fixtureId("a long talk", (v) => available(v) && (v.durationSeconds ?? 0) >= 3600),
  private: () => fixtureId("private", (v) => v.unavailable === "private"),
  removed: () => fixtureId("removed", (v) => v.unavailable === "removed"),
  /** Every available fixture with a transcript, for writing over all of them. */
  withTranscript: () =>
    allFixtures()
      .filter((v) => available(v) && v.transcript !== null)
      .map((v) => v.id),
};
