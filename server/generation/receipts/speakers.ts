import { normalizeWord, tokenize } from "./tokens";

/**
 * People an article credits: a capitalised name next to a verb of saying ("said Dana
 * Whitfield", "Maria explains", "according to Professor Reyes"), after a title (Dr., Prof.), in
 * an apposition ("Helena Marsh, an economist…") or on a pull quote's attribution line ("— Dana").
 * A name is real when every word of it appears in the video's sources.
 */

export interface Mention {
  name: string;
  /** The name's words, normalised, without the title. */
  words: string[];
}

const TITLES = new Set(
  "dr doctor prof professor mr mrs ms mx sir dame dra sr sra srta herr frau mme mlle m. don doña".split(" "),
);
export const SAYING = new Set(
  (
    "said says say explained explains argued argues noted notes added adds told tells recalled recalls insisted insists " +
    "wrote writes warned warns observed observes stated states claimed claims asked asks answered answers put puts " +
    "admitted admits suggested suggests described describes remarked remarks replied replies continued continues " +
    "concluded concludes stressed stresses emphasized emphasizes emphasised emphasises believes believed " +
    "dijo dice explica explicó afirma afirmó señala señaló añade añadió comenta comentó " +
    "dit explique expliqué affirme ajoute souligne précise sagt sagte erklärt erklärte meint betont disse diz afirmou"
  ).split(" "),
);
const ACCORDING = new Set(["according", "según", "selon", "laut", "segundo"]);
/** Capitalised words that are not names (sentence openers, pronouns, roles). */
const NOT_NAMES = new Set(
  (
    "the a an and but so or as if when while then this that these those he she it they we i you his her their our " +
    "its one some many most viewers viewer commenters commenter someone everyone nobody another others people " +
    "el la los las un una él ella ellos le les il elle ils der die das er sie es ein eine o a os as ele ela " +
    "in on at for from with by after before during also still yet however here there what which who why how " +
    "next first second third finally later today now meanwhile instead again overall ultimately together both each every " +
    "all none only then thus hence indeed yes no well oh let " +
    "youtube video channel host presenter narrator speaker creator reporter anchor interviewer " +
    // Openers of a told method's steps in the other languages ("D'abord, la pâte…", "Primero, la
    // masa…"): their comma and article read like an apposition after a name.
    "dabord ensuite puis enfin alors primero después despues luego finalmente entonces primeiro depois então " +
    "entao logo zuerst dann danach anschließend schließlich"
  ).split(" "),
);
const ROLE_OPENERS = new Set([
  "a",
  "an",
  "the",
  "who",
  "un",
  "una",
  "el",
  "la",
  "une",
  "le",
  "ein",
  "eine",
  "der",
  "die",
]);

/** The credited people in one sentence (or attribution line). */
export function mentionsIn(sentence: string, options: { attributionLine?: boolean } = {}): Mention[] {
  const tokens = tokenize(sentence);
  const raw = tokens.map((t) => sentence.slice(t.from, t.to));
  const mentions: Mention[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (!isCapitalised(raw[i])) {
      i++;
      continue;
    }
    // A run of capitalised words separated by spaces only (or ". " after a title).
    let j = i;
    while (
      j + 1 < tokens.length &&
      isCapitalised(raw[j + 1]) &&
      /^(\s|\.\s)$/.test(sentence.slice(tokens[j].to, tokens[j + 1].from))
    ) {
      j++;
    }
    // "Maya Chen's video": the name is Maya Chen.
    const run = raw.slice(i, j + 1).map((w) => w.replace(/['’]s$/u, ""));
    const norms = run.map(normalizeWord);
    let k = 0;
    let titled = false;
    while (k < norms.length && (NOT_NAMES.has(norms[k]) || TITLES.has(norms[k]))) {
      if (TITLES.has(norms[k])) titled = true;
      k++;
    }
    const nameWords = norms.slice(k).filter((w) => !TITLES.has(w) && w !== "jr");
    if (nameWords.length > 0 && (titled || options.attributionLine || credited(sentence, tokens, raw, i, j))) {
      mentions.push({ name: run.slice(k).join(" "), words: nameWords });
    }
    i = j + 1;
  }
  return mentions;
}

function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

/** A verb of saying just before or after the run, "according to" before it, or an apposition after it. */
function credited(sentence: string, tokens: ReturnType<typeof tokenize>, raw: string[], i: number, j: number): boolean {
  const norm = (k: number) => (k >= 0 && k < tokens.length ? normalizeWord(raw[k]) : "");
  if (SAYING.has(norm(i - 1)) || SAYING.has(norm(j + 1))) return true;
  if (SAYING.has(norm(j + 2)) && ["also", "then", "later", "once", "has", "had"].includes(norm(j + 1))) return true;
  if (ACCORDING.has(norm(i - 2)) || ACCORDING.has(norm(i - 1))) return true;
  // "As Dana puts it"
  if (norm(i - 1) === "as" && ["puts", "put", "says", "said"].includes(norm(j + 1))) return true;
  // "Helena Marsh, an economist at …"
  const after = sentence.slice(tokens[j].to, tokens[j + 1]?.from ?? tokens[j].to);
  if (after.trim() === "," && ROLE_OPENERS.has(norm(j + 1))) return true;
  return false;
}

/** Whether every word of the name is in the sources. */
export function isKnown(mention: Mention, vocabulary: ReadonlySet<string>): boolean {
  return mention.words.every((w) => vocabulary.has(w));
}
