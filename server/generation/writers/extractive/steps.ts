import type { Plan } from "./plan";

// A method the speaker reads out as numbered steps ("Step 1: mix…", "2. Add…"), found in the
// transcript's own lines: the sentences it became, in order, so an article can list them all.

const STEP =
  /^\s*(?:(?:step|paso|étape|etape|schritt|passo)\s*(\d{1,2})\s*[:.)–—-]?|(\d{1,2})\s*[.)](?!\d))\s*(\S.*)$/iu;
// Longest transcript read for steps, in caption lines.
const MAX_LINES = 5000;

const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
    .join(" ");

/**
 * The sentences of a method read out as numbered steps, in step order: at least three caption
 * lines that open with "Step 1", "1." or "1)" and count up from 1 (a later "1" starts over).
 * Empty when the transcript has no such run.
 */
export function transcriptSteps(plan: Plan): number[] {
  const segments = plan.request.transcript?.segments ?? [];
  if (plan.source !== "transcript" || segments.length === 0) return [];
  const byStart = new Map<string, number>();
  for (const sentence of plan.analysis.sentences) {
    const k = key(sentence.text);
    if (k && !byStart.has(k)) byStart.set(k, sentence.index);
  }
  let best: number[] = [];
  let run: number[] = [];
  let expected = 1;
  for (const segment of segments.slice(0, MAX_LINES)) {
    const m = STEP.exec(segment.text);
    if (!m) continue;
    const n = Number(m[1] ?? m[2]);
    const index = byStart.get(key(m[3]));
    if (n === 1) {
      run = [];
      expected = 1;
    }
    if (n !== expected || index === undefined || run.includes(index)) continue;
    run.push(index);
    expected++;
    if (run.length > best.length) best = [...run];
  }
  return best.length >= 3 ? best : [];
}
