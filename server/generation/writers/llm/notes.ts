import { type ChunkNotes, dataBlock, LEFT_OUT } from "./prompts";
import { estimateTokens } from "./transcript";

/**
 * Pure helpers for the notes taken on a long transcript's parts (the map step in index.ts):
 * grouping them for a condensing round, cleaning a model's notes, and the last resort when the
 * notes of every part still do not fit the prompt.
 */

/** What the notes take in the article prompt, blocks included. */
export function notesTokens(notes: readonly ChunkNotes[]): number {
  return estimateTokens(notes.map((n) => dataBlock("notes", n.text)).join("\n\n"));
}

/** Consecutive notes in groups of at most `maxTokens` (at least two a group, so each round shrinks). */
export function groupNotes(notes: readonly ChunkNotes[], maxTokens: number): ChunkNotes[][] {
  const groups: ChunkNotes[][] = [];
  let current: ChunkNotes[] = [];
  let tokens = 0;
  for (const note of notes) {
    const t = estimateTokens(note.text) + 20;
    if (current.length >= 2 && tokens + t > maxTokens) {
      groups.push(current);
      current = [];
      tokens = 0;
    }
    current.push(note);
    tokens += t;
  }
  if (current.length) groups.push(current);
  return groups;
}

export function cleanNotes(text: string): string {
  return text
    .replace(/<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi, "")
    .replace(/^```[\w-]*\n|\n```\s*$/g, "")
    .trim();
}

/**
 * Notes that fit `maxTokens`, when condensing could not get them there. The first and the last
 * part stay whole: the opening sets the subject and the last part holds the conclusion, the two
 * things an article cannot do without. The middle parts share what room is left evenly, each
 * keeping its first lines, and each cut part says so with LEFT_OUT, so the writer knows and the
 * prompt never silently ends early (as a provider that drops the start or end of an over-long
 * prompt would). `shortened` is true when anything was left out.
 */
export function fitNotes(notes: readonly ChunkNotes[], maxTokens: number): { notes: ChunkNotes[]; shortened: boolean } {
  if (notesTokens(notes) <= maxTokens || notes.length <= 2) return { notes: [...notes], shortened: false };
  const first = notes[0];
  const last = notes[notes.length - 1];
  const middle = notes.slice(1, -1);
  const markerTokens = estimateTokens(LEFT_OUT) + 2;
  let room = Math.max(0, maxTokens - notesTokens([first, last]) - middle.length * (20 + markerTokens));

  // Water-filling: parts smaller than an even share keep everything and give the rest back.
  const shares = new Map<ChunkNotes, number>();
  let open = [...middle].sort((a, b) => estimateTokens(a.text) - estimateTokens(b.text));
  while (open.length) {
    const share = Math.floor(room / open.length);
    const small = open.filter((n) => estimateTokens(n.text) <= share);
    if (!small.length) {
      for (const n of open) shares.set(n, share);
      break;
    }
    for (const n of small) {
      shares.set(n, Number.POSITIVE_INFINITY);
      room -= estimateTokens(n.text);
    }
    open = open.filter((n) => !small.includes(n));
  }

  let shortened = false;
  const fitted = middle.map((note) => {
    const share = shares.get(note) ?? 0;
    if (estimateTokens(note.text) <= share) return note;
    shortened = true;
    const kept: string[] = [];
    let used = 0;
    for (const line of note.text.split("\n")) {
      const t = estimateTokens(line) + 1;
      if (used + t > share) break;
      kept.push(line);
      used += t;
    }
    return { ...note, text: [...kept, LEFT_OUT].join("\n") };
  });
  return { notes: [first, ...fitted, last], shortened };
}
