import { isAside, isInstruction, isPersonal, isUntrusted } from "./filters";
import { impersonalYour } from "./headline-sentence";
import type { Plan } from "./plan";
import { stem } from "./tokens";

/** A sentence that may carry the video's main point, with how central it is. */
export interface Statement {
  text: string;
  score: number;
  /** The sentence the article opens with (the news, in a news article). */
  lede: boolean;
  /** Its subject (first words) names one of the video's main topics. */
  topical: boolean;
}

// "We explain", "podemos", "vamos": a first person plural verb without its pronoun (es, pt, fr).
const FIRST_PLURAL_VERB: Record<string, RegExp> = {
  es: /(?:^|\s)\p{L}{2,}(?:amos|emos|imos)(?=$|[\s,.;:!?])/iu,
  pt: /(?:^|\s)\p{L}{2,}(?:amos|emos|imos)(?=$|[\s,.;:!?])/iu,
  fr: /(?:^|\s)\p{L}{2,}ons(?=$|[\s,.;:!?])/iu,
};

const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * Sentences that could state the video's main point, most central first: the article's lede, the
 * creator's own summary at the head of the description, and the transcript's most central
 * sentences (the ranker's thesis scores). A sentence gains when it names the video's main
 * topics (its strongest key phrases and the title's words). Questions, asides, the speaker
 * talking about themselves or to the viewer, and untrusted text are left out: a headline states,
 * in the third person.
 */
// Words at least in a sentence of repaired auto captions that may state a headline's claim.
const MIN_GUESSED_WORDS = 8;

export function centralStatements(plan: Plan, lede = ""): Statement[] {
  const lang = plan.meta.lang ?? "en";
  const { sentences } = plan.analysis;
  const thesis = [...plan.thesis.keys()].sort((a, b) => plan.thesis[b] - plan.thesis[a]).slice(0, 12);
  const top = thesis.length > 0 ? plan.thesis[thesis[0]] || 1 : 1;
  const found = new Map<string, Statement>();
  const addressed = firstNamesOf(plan);
  const add = (text: string, score: number, isLede = false) => {
    // "…jump back to your previous branch" states something of anyone's branch: in English the
    // viewer's possessive reads as "the" (a "you" or "I" still rules it out).
    const spaced = withoutVocative(text.replace(/\s+/g, " ").trim(), addressed);
    const clean = lang === "en" ? impersonalYour(spaced) : spaced;
    const words = clean.split(" ").length;
    if (words < 4 || words > 45 || /\?/.test(clean)) return;
    if (isUntrusted(clean) || isInstruction(clean) || isAside(clean, lang) || isPersonal(clean, lang)) return;
    if (FIRST_PLURAL_VERB[lang]?.test(clean)) return;
    // A sentence about the video itself ("In a video titled…") states nothing about its subject.
    if (/\b(?:video|vídeo|vidéo|episode|episodio|épisode|folge|canal|channel|chaîne|kanal)\b/iu.test(clean)) return;
    const k = squash(clean);
    const known = found.get(k);
    if (known) {
      known.score = Math.max(known.score, score);
      known.lede ||= isLede;
    } else found.set(k, { text: clean, score, lede: isLede, topical: false });
  };
  // A reporter's or host's question is not what the video states ("Coach the attendance was a
  // record tonight" put to the coach).
  // (Only a sentence that opens by calling on someone: a host may state the news itself.)
  const calls = new Set(["coach", "captain", "doctor", "professor", "mayor", "minister"]);
  for (const voice of plan.meta.voices.values()) {
    if (voice.kind !== "person") continue;
    for (const word of voice.name.toLowerCase().split(/\s+/)) calls.add(word);
  }
  const asked = (i: number) => {
    const sentence = sentences[i];
    if (!sentence || !plan.meta.voices.get(sentence.turn)?.asks) return false;
    return calls.has((/^[\p{L}'’-]+/u.exec(sentence.text)?.[0] ?? "").toLowerCase());
  };
  // A short sentence that caption repair guessed ("Most often flat tyres brakes the chain.", the
  // tail of a list it cut) is too often a fragment to state a headline's claim.
  const guessed = (i: number) => plan.unpunctuated && (sentences[i]?.wordCount ?? 0) < MIN_GUESSED_WORDS;
  for (const i of thesis) if (!asked(i) && !guessed(i)) add(sentences[i]?.text ?? "", plan.thesis[i] / top);
  // The creator's own summary (the description's opening sentences, when they state something)
  // says what the video's point is better than any guess from the transcript.
  if (plan.source === "transcript") {
    for (const [k, d] of plan.description.slice(0, 2).entries()) add(d, 1.3 - k * 0.4);
  }
  if (lede) {
    // The lede as the video said it, without the article's attribution ("…, Priya Raman said in a
    // video published…"): the source sentence it starts with.
    const k = squash(lede);
    const index = sentences
      .slice(0, 3000)
      .findIndex((s) => squash(s.text).length >= 20 && (k === squash(s.text) || k.startsWith(`${squash(s.text)} `)));
    const text = index >= 0 ? sentences[index].text : lede;
    add(text, (index >= 0 ? plan.thesis[index] / top : 0.8) + 0.1, true);
  }
  // The video's main topics: its strongest key phrases and the title's content words.
  const topics = new Set<string>();
  for (const p of plan.keyPhrases.slice(0, 5)) for (const w of p.key.split(" ")) topics.add(w);
  for (const w of plan.meta.headline.toLowerCase().match(/\p{L}{4,}/gu) ?? []) topics.add(stem(w));
  const out = [...found.values()].map((s) => {
    const all = (s.text.toLowerCase().match(/\p{L}+/gu) ?? []).map((w) => stem(w));
    const stems = new Set(all);
    const named = [...topics].filter((t) => stems.has(t)).length;
    const topical = all.slice(0, 5).some((w) => topics.has(w));
    return { ...s, topical, score: s.score + 0.1 * Math.min(named, 3) + (topical ? 0.15 : 0) };
  });
  return out.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
}

// Two-word names in the description ("hosted by Keisha Brandt and Owen Marsh").
const DESCRIBED_NAME = /\b(\p{Lu}\p{Ll}+)\s+\p{Lu}\p{Ll}+/gu;

/** The first names of the people the video's description names and of its speakers. */
export function firstNamesOf(plan: Plan): Set<string> {
  const names = new Set<string>();
  for (const m of plan.request.video.description.slice(0, 3000).matchAll(DESCRIBED_NAME)) names.add(m[1]);
  for (const voice of plan.meta.voices.values()) if (voice.kind === "person") names.add(voice.name.split(" ")[0]);
  if (plan.meta.speakerKind === "person") names.add(plan.meta.speaker.split(" ")[0]);
  return names;
}

// Words a name after them is the object of ("told Owen", "with Owen"), not said to.
const TAKES_NAME =
  /^(?:to|with|for|from|by|and|or|of|about|at|than|like|told|asked|ask|tell|thank|thanks|met|called|call|meet|named|says|said|is|was)$/i;

/**
 * A sentence without the first name it ends on when that name is said to someone ("The Black
 * Friday TV is not an emergency, Owen.", in captions often without the comma): one of the
 * people the description names, after a word that does not take it as an object.
 */
export function withoutVocative(text: string, firstNames: ReadonlySet<string>): string {
  const m = /^(.*\S)\s+(\p{Lu}\p{Ll}+)([.!?]?)$/u.exec(text);
  if (!m || !firstNames.has(m[2])) return text;
  const body = m[1].replace(/,$/, "");
  const before = /(\S+)$/u.exec(body)?.[1] ?? "";
  if (TAKES_NAME.test(before) || /^\p{Lu}/u.test(before) || body.split(" ").length < 4) return text;
  return `${body}${m[3] || "."}`;
}
