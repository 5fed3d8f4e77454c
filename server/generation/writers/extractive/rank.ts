import { isAside } from "./filters";
import { pointsBack } from "./pointers";
import type { Sentence } from "./sentences";
import { contentTerms, cosine, jaccard, termCounts } from "./tokens";

/** Sentences with their term vectors, computed once and shared by ranking and segmentation. */
export interface Analysis {
  sentences: Sentence[];
  /** Stemmed content-term counts per sentence. */
  terms: Map<string, number>[];
  termSets: Set<string>[];
  /** Inverse sentence frequency of every term. */
  idf: Map<string, number>;
}

export function analyse(sentences: Sentence[]): Analysis {
  const terms = sentences.map((s) => termCounts(contentTerms(s.text)));
  const df = new Map<string, number>();
  for (const vector of terms) for (const term of vector.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = Math.max(1, sentences.length);
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log((n + 1) / (count + 0.5)));
  return { sentences, terms, termSets: terms.map((t) => new Set(t.keys())), idf };
}

function tfidf(vector: Map<string, number>, idf: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [term, count] of vector) out.set(term, (1 + Math.log(count)) * (idf.get(term) ?? 0));
  return out;
}

/**
 * The centroid of a group of sentences (MEAD-style): summed tf-idf, keeping the `keep` heaviest
 * terms, which stand for what the group is about.
 */
export function centroid(analysis: Analysis, indexes: Iterable<number>, keep = 60): Map<string, number> {
  const sum = new Map<string, number>();
  for (const i of indexes) {
    for (const [term, weight] of tfidf(analysis.terms[i], analysis.idf)) sum.set(term, (sum.get(term) ?? 0) + weight);
  }
  return new Map([...sum].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, keep));
}

// Channel housekeeping a reader does not need: calls to subscribe, sponsors, goodbyes.
const HOUSEKEEPING =
  /\b(subscrib|like and subscribe|smash (?:that|the) like|hit the (?:like|bell)|notification bell|link (?:is )?in the description|links? below|down below in the|patreon|sponsor|brought to you by|promo code|discount code|use code|merch|welcome back to (?:my|the) channel|hey (?:guys|everyone|everybody)|what's up (?:guys|everyone)|see you (?:guys )?(?:in the )?next|thanks (?:so much )?for watching|thank you (?:so much )?for watching|leave a comment|let me know in the comments|(?:leave|drop|put) (?:them|it|your \w+) (?:in|down in) the comments|in the comments below|comment below|(?:reporting|live) from [^.]{0,60}, i'm|for \w+ news,? i'm|follow (?:me |us )?for (?:more|one|a new|daily)|before we (?:get started|begin|dive in)|without further ado|(?:we're|we are) going to get started|let's get (?:started|going)|(?:we'll|we will|i'll) (?:now )?take (?:a few |some |your )?questions|wait for the (?:microphone|mic)\b|^(?:time for )?(?:one more|one last|the last|last) question\b)/i;
const SELF_REFERENCE =
  /\b(in (?:this|today's|the next) video|in this episode|on this channel|my last video|let's (?:talk|look|start|dive|get into|move on)|i (?:want|wanted) to (?:talk|mention|show)|we're going to (?:talk|look)|(?:i'm|we're) (?:going|gonna) to (?:talk|show)|(?:in|for) (?:the|a) (?:next|previous|last|later) (?:section|part|chapter|slide)|(?:we'll|i'll) (?:talk|get|come back) (?:about|to) (?:that|this|it) (?:later|in a (?:bit|minute|moment|second))|as i (?:said|mentioned) (?:earlier|before|at the start))\b/i;

// Openers that look like a name before a comma but are not one ("Okay, what now?").
const NOT_A_NAME = new Set(
  `so well okay ok now yes yeah no right sure look listen sorry honestly anyway first second third then also
  but and however today tonight meanwhile still again here there finally next wait hmm oh ah actually
  basically seriously remember imagine obviously alright great good fine`.split(/\s+/),
);
const THANKS_TO_NAME =
  /^(?:thanks|thank you|many thanks|merci|gracias|danke|obrigad[oa])(?:\s+(?:very much|so much|again|beaucoup|muchas|schön))?,?\s+(\p{Lu}\p{Ll}+)\s*[.!]?$/u;
const NAME_THEN_QUESTION = /^(\p{Lu}\p{Ll}+),\s[^?]{0,200}\?["”]?$/u;
const QUESTION_THEN_NAME = /,\s+(\p{Lu}\p{Ll}+)\s*\?["”]?$/u;

// A moderator giving someone the floor: "Coach Tully will open.", "Dr. Ruiz is going to start."
const GIVES_FLOOR =
  /^(?:(?:[Cc]oach|[Cc]aptain|[Dd]r\.?|[Pp]rofessor|[Mm]r\.?|[Mm]s\.?|[Mm]rs\.?)\s+)?\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s+(?:will|is going to)\s+(?:open|start|begin|go first|kick (?:us|things) off)(?:\s+(?:for us|today|tonight))?\s*[.!]?$/u;

/**
 * A presenter's turn to someone by name ("Kwame, what are you seeing there?", "Thank you, Dana.",
 * "What happens now, Rosa?"): a hand-off in the broadcast, which an article never retells.
 */
export function isHandOff(text: string): boolean {
  const t = text.trim();
  if (t.length > 240) return false;
  if (GIVES_FLOOR.test(t)) return true;
  const lowered = t.charAt(0).toLowerCase() + t.slice(1);
  const name = THANKS_TO_NAME.exec(lowered)?.[1] ?? NAME_THEN_QUESTION.exec(t)?.[1] ?? QUESTION_THEN_NAME.exec(t)?.[1];
  return name !== undefined && !NOT_A_NAME.has(name.toLowerCase());
}

// "What I ended up doing", "How long it took you to feel settled…": a clause that names what
// the rest of its sentence was to say (a caption cut too early), with no verb of its own after it.
const WH_CLAUSE =
  /^(?:so\s+)?(?:what|how(?:\s+(?:long|much|many|often|far))?|where|why|whatever)\s+(?:i|you|we|they|he|she|it)\s/i;
const COPULA = /\b(?:is|was|are|were|isn't|wasn't|aren't|weren't)\b|['’]s\b/i;
// "I actually liked was like eighteen fifty": a relative clause whose noun was cut off.
const HEADLESS = /^(?:i|you|we|they|he|she)\s+(?:\p{L}+\s+)?\p{L}+(?:ed|ght|ew|ound)\s+(?:was|is|were|are)\b/iu;

/** A sentence that is only the first part of one the speaker went on with (see above). */
export function isCutClause(text: string): boolean {
  const t = text.trim();
  if (t.length > 400 || /\?["”]?$/.test(t)) return false;
  if (HEADLESS.test(t)) return true;
  const wh = WH_CLAUSE.exec(t);
  // "Where I grew up, everyone fished": the main clause comes after a comma.
  return wh !== null && !COPULA.test(t.slice(wh[0].length)) && !t.includes(",");
}

/** "In this video…", "Let's talk about…": the speaker announcing, not saying. */
export function isAnnouncement(text: string): boolean {
  return SELF_REFERENCE.test(text);
}

// Auxiliaries and modals, or a word that looks inflected like a verb.
const VERB =
  /\b(?:is|are|was|were|be|been|being|am|has|have|had|do|does|did|can|could|will|would|should|may|might|must|[a-z]+(?:ed|es)|'s|'m|'re|'ve|'ll|'d|n't)\b/i;

/** A rough check that a sentence has a verb ("A deploy, a migration, a flag flip." does not). */
export function hasVerb(text: string): boolean {
  return VERB.test(text) || /\b(?:i|we|you|they|people|it|he|she)\s+[a-z]+/i.test(text);
}

// French and German put a subject pronoun before every finite verb ("on met…", "ich backe…"),
// and their commonest verbs are few: a rough sign that a sentence has a verb, as hasVerb is for
// English (whose suffix test reads "grammes" and "œufs" as verbs).
const SUBJECT_THEN_WORD: Record<string, RegExp> = {
  fr: /(?:^|[\s,;:])(?:je|j['’]|tu|il|elle|on|nous|vous|ils|elles|c['’]|ça)\s*\p{L}/iu,
  de: /(?:^|[\s,;:])(?:ich|du|er|sie|es|wir|ihr|man)\s+\p{L}/iu,
};
const COMMON_VERB: Record<string, RegExp> = {
  fr: /(?<![\p{L}'’])(?:est|sont|était|étaient|a|ont|avait|fait|font|faut|peut|peuvent|va|vont|met|mettez|ajoute|ajoutez|prend|prenez|reste|devient|donne|mélange|mélangez)(?![\p{L}'’])/iu,
  de: /(?<![\p{L}'’])(?:ist|sind|war|waren|hat|haben|hatte|wird|werden|kann|können|gibt|muss|müssen|geht|kommt|macht)(?![\p{L}'’])/iu,
};

/** hasVerb in a source's language: French and German by their pronouns and common verbs. */
export function hasVerbIn(text: string, language?: string): boolean {
  const base = language?.toLowerCase().slice(0, 2);
  const subject = base ? SUBJECT_THEN_WORD[base] : undefined;
  const common = base ? COMMON_VERB[base] : undefined;
  if (!subject || !common) return hasVerb(text);
  return subject.test(text) || common.test(text);
}

// A number in digits or words: what makes a verbless phrase worth keeping.
const FIGURE =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|half|percent|dozen)\b/i;

/**
 * Why a sentence is a poor pick on its own, as a multiplier (1 = fine). `language` is the
 * transcript's, for asides (isAside); without it every language's asides count.
 */
export function sentencePenalty(sentence: Sentence, unpunctuated = false, language?: string): number {
  let factor = 1;
  // Long stretches of auto captions have no commas and are hard to read.
  if (unpunctuated && sentence.wordCount > 24) factor *= 0.75;
  // Housekeeping is never worth a reader's time, however little else there is.
  if (HOUSEKEEPING.test(sentence.text) || isAside(sentence.text, language) || isHandOff(sentence.text)) return 0;
  // Half a sentence is no statement, quoted or told.
  if (isCutClause(sentence.text)) return 0;
  const n = sentence.wordCount;
  // A few words with no verb ("Living the dream.", "Okay, so the first thing.") is a spoken
  // aside or a run-up, not a statement an article can stand on; a figure ("Eleven hundred a
  // month.") still says something.
  // English only: the verb test reads no other language well enough to drop on it.
  const english = !language || language.toLowerCase().startsWith("en");
  if (english && n <= 5 && !hasVerb(sentence.text) && !FIGURE.test(sentence.text)) return 0;
  if (n < 6) factor *= 0.35;
  else if (n < 9) factor *= 0.75;
  else if (n > 45) factor *= 0.55;
  else if (n > 35) factor *= 0.85;
  if (/\?["”]?$/.test(sentence.text)) factor *= 0.7;
  if (!hasVerb(sentence.text)) factor *= 0.5;
  // Sentences leaning on what came before ("That's why it works") say little alone.
  if (/^(?:it|that|this|those|these|they|he|she|which)(?:'s|’s)?\s/i.test(sentence.text) && n < 12) factor *= 0.8;
  return factor;
}

export interface Ranking {
  /** How much of the video each sentence carries (see rankSentences). */
  scores: Float64Array;
  /** How well each sentence states what the whole video is about (for intros and ledes). */
  thesis: Float64Array;
  /** The thesis score without the preference for the opening (for takeaways). */
  general: Float64Array;
}

export interface RankContext {
  /** Terms of the title, chapters and description with their weights. */
  query: Map<string, number>;
  /** Sentence index ranges [from, to) of the sections, for local centrality and position. */
  sections: Array<[number, number]>;
  /** The sentences came from captions without punctuation (auto captions). */
  unpunctuated?: boolean;
  /** The transcript's language, for asides in it (see sentencePenalty). */
  language?: string;
}

/**
 * Scores every sentence for how much of the video it carries, in linear time:
 * - global centrality: cosine with the centroid of the whole transcript (0.4);
 * - local centrality: cosine with the centroid of its own section (0.25);
 * - overlap with the title, chapters and description, which say what the video is about (0.25);
 * - position: the opening sentences of a section tend to state its point (0.1);
 * then multiplied by sentencePenalty (housekeeping, fragments, questions, run-ons). The thesis
 * score weighs global centrality and title overlap only, favouring the first fifth (where talks
 * state their point) and sentences that stand on their own.
 * TextRank would compare every pair of sentences, which is quadratic on a two-hour talk; the
 * centroid approximates the same "similar to much of the text" idea.
 */
export function rankSentences(analysis: Analysis, context: RankContext): Ranking {
  const unpunctuated = context.unpunctuated ?? false;
  const n = analysis.sentences.length;
  const scores = new Float64Array(n);
  const thesis = new Float64Array(n);
  const general = new Float64Array(n);
  if (n === 0) return { scores, thesis, general };
  const vectors = analysis.terms.map((t) => tfidf(t, analysis.idf));
  const global = centroid(analysis, analysis.sentences.keys(), 80);
  const globalScore = new Float64Array(n);
  const localScore = new Float64Array(n);
  const queryScore = new Float64Array(n);
  const positionScore = new Float64Array(n);
  for (const [from, to] of context.sections) {
    const indexes = Array.from({ length: to - from }, (_, k) => from + k);
    const local = centroid(analysis, indexes, 40);
    for (const i of indexes) {
      localScore[i] = cosine(vectors[i], local);
      const k = i - from;
      positionScore[i] = k === 0 ? 1 : k === 1 ? 0.6 : k === 2 ? 0.35 : k < (to - from) * 0.2 ? 0.2 : 0;
    }
  }
  for (let i = 0; i < n; i++) {
    globalScore[i] = cosine(vectors[i], global);
    let q = 0;
    for (const [term, count] of analysis.terms[i]) q += (context.query.get(term) ?? 0) * Math.min(count, 2);
    queryScore[i] = q / Math.sqrt(1 + analysis.termSets[i].size);
  }
  const normalise = (values: Float64Array) => {
    let max = 0;
    for (const v of values) max = Math.max(max, v);
    if (max > 0) for (let i = 0; i < values.length; i++) values[i] /= max;
  };
  normalise(globalScore);
  normalise(localScore);
  normalise(queryScore);
  for (let i = 0; i < n; i++) {
    const base = 0.4 * globalScore[i] + 0.25 * localScore[i] + 0.25 * queryScore[i] + 0.1 * positionScore[i];
    const penalty = sentencePenalty(analysis.sentences[i], unpunctuated, context.language);
    // Announcements ("in this video", "let's talk about") state the topic well but add nothing.
    scores[i] = base * penalty * (SELF_REFERENCE.test(analysis.sentences[i].text) ? 0.6 : 1);
    // The video's thesis: central to the whole and close to what the title says, said early.
    const early = i < n * 0.2 ? 1.3 : i < n * 0.5 ? 1.1 : 1;
    const standalone = leansOnPrevious(analysis.sentences[i].text) ? 0.5 : 1;
    general[i] = (0.55 * globalScore[i] + 0.45 * queryScore[i]) * penalty * standalone;
    thesis[i] = general[i] * early;
  }
  return { scores, thesis, general };
}

/** Weighted query terms from the video's own description of itself. */
export function queryTerms(parts: Array<[text: string, weight: number]>): Map<string, number> {
  const query = new Map<string, number>();
  for (const [text, weight] of parts) {
    for (const term of new Set(contentTerms(text))) query.set(term, (query.get(term) ?? 0) + weight);
  }
  return query;
}

/** True when a sentence repeats one already chosen (most of its content words are the same). */
export function isNearDuplicate(
  analysis: Analysis,
  candidate: number,
  chosen: Iterable<number>,
  threshold = 0.5,
): boolean {
  const set = analysis.termSets[candidate];
  const text = analysis.sentences[candidate].text.toLowerCase();
  for (const i of chosen) {
    if (i === candidate) return true;
    if (jaccard(set, analysis.termSets[i]) >= threshold) return true;
    const other = analysis.sentences[i].text.toLowerCase();
    if (other.includes(text.slice(0, -1)) || text.includes(other.slice(0, -1))) return true;
  }
  return false;
}

// Sentences that lean on the one before: "It stores…", "That's why…", "But then…", also past a
// sentence adverb ("Mathematically that saves…", "Honestly, that was…").
// (pointers.ts reads the pointers further in: "If it drops…", "Engineers call that scour.")
const DEPENDENT =
  /^(?:\p{L}{2,20}ly,?\s+)?(?:and|it|it's|its|this|that|that's|these|those|they|they're|their|them|he|she|his|her|such|both|then|but|however|also|so|which|there)(?!\p{L})/iu;

// "Good question, because…", "Not a bad request, which…": a reply to, or a contrast with, what
// was just said.
// A reply to the question before it: "Good question.", "Not a chance.", and a yes or a no in any
// framed language ("Oui, très inquiets.", "No, not at all.", "Ja, genau."), and the Spanish and
// Portuguese answer openers ("Pues lo que vemos cada verano…", "Pois é, …").
const REPLIES =
  /^(?:(?:good|great|excellent|interesting|fair)\s+question\b|(?:good|fair|great|valid)\s+point\b|fair\s+enough\b|(?:exactly|absolutely|agreed|totally|definitely|true)\s*[,.!…]|not\s+(?:a|an|the|one)\s|(?:yes|yeah|yep|no|nope|oui|non|sí|ja|nein|sim|não)\s*[,.!…]|pues\s*,?\s|pois\s+é(?!\p{L}))/iu;

// "Third, they…", "Another option…", "For most companies, it's…": the point is set up earlier.
// "The fix is…", "The answer was…": the problem or question it answers came just before.
// "Rule two: …", "The third problem…": the items before it came first.
const CONTINUES =
  /^(?:second(?:ly)?|third(?:ly)?|fourth|fifth|finally|lastly|next|another|after that|the other|on the other hand|as a result|in that case|otherwise|instead|either way|even so|that way|in (?:this|either|any|which) case|that said|having said that|from there|by then|at that point|before that|on top of that|apart from that|other than that)\b|^the (?:fix|solution|answer|result|catch|trick|cure|remedy|upshot|outcome|workaround)\s+(?:is|was|here is|there is)\b|^the (?:first|latter|former)\s+(?:is|was|one)\b|^(?:the\s+)?(?:second|third|fourth|fifth)\s+(?:one|problem|rule|step|mistake|reason|thing|point|option|method|way|lesson|tip)\b|^(?:rule|step|tip|mistake|lesson|reason|point|part|problem|option)\s+(?:number\s+)?(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|1\d)\b/i;

// "A good value metric has three properties." or "Here's how:" promises what follows.
// ("There are two main methods.": one word may stand between the count and the noun.)
// Nouns a spoken list is announced by ("three reasons.", "tres grandes causas.", "trois
// erreurs.", "drei Gründe.", "três dicas."), in the framed languages.
const LIST_NOUNS = [
  "things|ways|reasons|properties|steps|methods|options|questions|rules|parts|types|kinds|lessons|mistakes|tips|problems|ideas|points|causes",
  "cosas|formas|maneras|razones|motivos|pasos|métodos|opciones|preguntas|reglas|partes|tipos|lecciones|errores|consejos|problemas|ideas|puntos|causas|claves",
  "choses|façons|manières|raisons|étapes|méthodes|options|questions|règles|parties|types|leçons|erreurs|conseils|problèmes|idées|points|causes|clés",
  "dinge|wege|gründe|schritte|methoden|optionen|fragen|regeln|teile|arten|lektionen|fehler|tipps|probleme|ideen|punkte|ursachen",
  "coisas|formas|maneiras|razões|motivos|passos|métodos|opções|perguntas|regras|partes|tipos|lições|erros|dicas|problemas|ideias|pontos|causas",
].join("|");
const COUNTS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  "a couple of": 2,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  dois: 2,
  duas: 2,
  três: 3,
  quatro: 4,
};
// The count words COUNTS knows, as a pattern (a space follows each where it is used, so their order does not matter).
const COUNT_WORDS = Object.keys(COUNTS).join("|");
const ANNOUNCES = new RegExp(
  `(?::["”]?$)|(?<![\\p{L}'’])(?:${COUNT_WORDS}|several|a few|varias|varios|plusieurs|mehrere|várias|vários) (?:\\p{L}+ )?(?:${LIST_NOUNS})\\.$`,
  "iu",
);

/** Whether a sentence announces the one after it (a list or an explanation that follows). */
export function announcesNext(text: string): boolean {
  return ANNOUNCES.test(text);
}

const COUNTED = new RegExp(`(?<![\\p{L}'’])(${COUNT_WORDS}) (?:\\p{L}+ )?\\p{L}+\\.$`, "iu");

/** The noun an announcement counts, singular ("There are two main methods." gives "method"), or null. */
export function announcedNoun(text: string): string | null {
  const m = /\b(?:two|three|four|five|six|a couple of) (?:\p{L}+ )?(\p{L}+)s\.$/iu.exec(text);
  return m && announcedCount(text) !== null ? m[1].toLowerCase() : null;
}

/** How many items an announcement promises ("…has three properties." is 3), or null when it does not say. */
export function announcedCount(text: string): number | null {
  if (!ANNOUNCES.test(text)) return null;
  const word = COUNTED.exec(text)?.[1]?.toLowerCase();
  return word ? (COUNTS[word] ?? null) : null;
}

// Longest item of a promised list told a sentence an item, and the most words such items may add
// together when they are taken along with their announcement: short items are a list ("It grows
// with value. It's easy to predict. And it's hard to game."), long ones are sections of their own.
const MAX_ITEM_WORDS = 22;
const MAX_ITEMS_WORDS = 60;

/** The `count` sentences after `index` when each is short enough to be one item of a list, else null. */
export function shortItemsAfter(sentences: readonly Sentence[], index: number, count: number): number[] | null {
  const items = Array.from({ length: count }, (_, k) => index + 1 + k);
  return items.every((j) => j < sentences.length && sentences[j].wordCount <= MAX_ITEM_WORDS) ? items : null;
}

// A noun phrase standing alone ("A tiny piece of glass or a thorn.", "A timeout, a connection
// reset…"): the answer to, or the list of, what the sentence before asked or promised (English).
const ARTICLE_FRAGMENT = /^(?:a|an|the|some|one)\s/i;
const MAX_FRAGMENT_WORDS = 16;

/** Whether a sentence only makes sense after the one before it. */
// "For most companies, it's…": a phrase put first, then a pronoun for what was named before
// (not a clause of its own first: "A heat pump doesn't make heat, it moves it" names its "it").
const PHRASE_THEN_PRONOUN = /^([^,.]{0,40}),\s+(?:it|it's|this|that|they|these|those|he|she)\b/i;
// A clause of its own before the comma: a subject's auxiliary or negated verb, not after an
// opening preposition or subordinator ("For most companies", "When you bake").
const OWN_CLAUSE =
  /^(?!(?:for|in|on|at|by|with|after|before|when|if|once|as|since|because|while|unless|until)\b)[^,]*?\b(?:is|are|was|were|has|have|had|can|will|would|should|must|does|did|\p{L}+n['’]t)\b/iu;

export function leansOnPrevious(text: string): boolean {
  const fronted = PHRASE_THEN_PRONOUN.exec(text);
  return (
    DEPENDENT.test(text) ||
    CONTINUES.test(text) ||
    (fronted !== null && !OWN_CLAUSE.test(fronted[1])) ||
    REPLIES.test(text) ||
    pointsBack(text) ||
    isFragment(text)
  );
}

// The verb list (hasVerb) misses many verbs ("The pads wear down…"), so only noun phrases joined
// into a list ("a piece of glass or a thorn") count as a fragment.
const NOUN_LIST = /(?:,|\s(?:or|and))\s+(?:a|an|the|some)\s/i;

function isFragment(text: string): boolean {
  if (!/[.!…]["”]?$/.test(text)) return false;
  if (isConditionList(text)) return true;
  // "Thirty percent, fifty percent, whatever feels reasonable.": a short run of items, no verb.
  if ((text.match(/,/g) ?? []).length >= 2 && text.split(/\s+/).length <= MAX_SHORT_LIST_WORDS && !hasVerb(text)) {
    return true;
  }
  if (!ARTICLE_FRAGMENT.test(text) || !NOUN_LIST.test(text)) return false;
  const words = text.split(/\s+/).length;
  // Three or more noun phrases in a row ("A timeout, a connection reset, a 503…") are a list
  // even where a word of it reads as a verb ("reset").
  if ((text.match(LIST_ITEM) ?? []).length >= 2) return words <= MAX_LIST_WORDS;
  return !hasVerb(text) && words <= MAX_FRAGMENT_WORDS;
}
const LIST_ITEM = /,\s+(?:a|an|the|some)\s/gi;

// A condition or time clause's opening word, in each framed language.
const CONDITION = /^(?:when|if|whenever|cuando|si|quand|lorsque|wenn|falls|quando|se)$/i;

/**
 * Conditions listed with no main clause ("Cuando la persona está más confusa…, cuando apenas
 * orina…, o más de treinta y ocho de fiebre."): the answer to a question asked before it. Every
 * comma-separated part opens on the same condition word, or on "or"/"and" (and at least two
 * open on the word).
 */
function isConditionList(text: string): boolean {
  if (text.length > 2000) return false;
  const parts = text.split(/,\s+/);
  const word = parts[0].split(/\s+/)[0].toLowerCase();
  if (parts.length < 3 || !CONDITION.test(word)) return false;
  let opened = 0;
  for (const part of parts) {
    const first = part.split(/\s+/)[0].toLowerCase();
    if (first === word) opened++;
    else if (!/^(?:or|and|o|y|e|u|ou|et|oder|und)$/.test(first)) return false;
  }
  return opened >= 2;
}
const MAX_SHORT_LIST_WORDS = 10;
const MAX_LIST_WORDS = 24;

/** How much more a sentence next to a chosen one weighs when picking (pickSentences). */
export const NEIGHBOUR_WEIGHT = 1.35;
const MAX_PICK_POOL = 400;

/**
 * Picks sentences from `candidates` in score order until `budgetWords` is spent, skipping near
 * duplicates of anything in `taken` (which it extends), and returns them in source order. A
 * sentence that leans on the one before it ("It stores…") comes with that sentence, or not at all.
 */
export function pickSentences(
  analysis: Analysis,
  scores: Float64Array,
  candidates: readonly number[],
  budgetWords: number,
  taken: Set<number>,
): number[] {
  // The best-scored candidates only: the rest would not be reached, and each pick rescans these.
  const ordered = [...candidates]
    .filter((i) => scores[i] > 0)
    .sort((a, b) => scores[b] - scores[a] || a - b)
    .slice(0, MAX_PICK_POOL);
  const allowed = new Set(candidates);
  const considered = new Set<number>();
  // A sentence next to one already chosen weighs more, so a section reads as passages of the
  // speaker's argument rather than lines picked from all over it.
  const nextBest = (): number | undefined => {
    let best: number | undefined;
    let bestScore = 0;
    for (const i of ordered) {
      if (considered.has(i) || taken.has(i)) continue;
      const score = scores[i] * (taken.has(i - 1) || taken.has(i + 1) ? NEIGHBOUR_WEIGHT : 1);
      if (best === undefined || score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    return best;
  };
  const out: number[] = [];
  let words = 0;
  for (let i = nextBest(); i !== undefined; i = nextBest()) {
    considered.add(i);
    if (words >= budgetWords) break;
    const n = analysis.sentences[i].wordCount;
    // Do not overshoot a small remaining budget by a long sentence.
    if (words > 0 && words + n > budgetWords * 1.15 && n > 12) continue;
    if (isNearDuplicate(analysis, i, taken)) continue;
    const previous = i - 1;
    if (leansOnPrevious(analysis.sentences[i].text) && !taken.has(previous)) {
      const usable =
        allowed.has(previous) &&
        scores[previous] > 0 &&
        !leansOnPrevious(analysis.sentences[previous].text) &&
        // A promise of several items is no antecedent for one of them: it comes with all or none.
        (announcedCount(analysis.sentences[previous].text) ?? 1) === 1 &&
        !isNearDuplicate(analysis, previous, taken);
      if (!usable) continue;
      out.push(previous);
      taken.add(previous);
      words += analysis.sentences[previous].wordCount;
    }
    out.push(i);
    taken.add(i);
    words += n;
    // A promise ("three properties.") comes with what it promises, or goes: all of a counted
    // list when its items are short, else the sentence after it.
    if (announcesNext(analysis.sentences[i].text)) {
      const count = announcedCount(analysis.sentences[i].text) ?? 1;
      const items = Array.from({ length: count }, (_, k) => i + 1 + k);
      const short = count === 1 || shortItemsAfter(analysis.sentences, i, count) !== null;
      const itemWords = items.reduce((sum, k) => sum + (analysis.sentences[k]?.wordCount ?? Infinity), 0);
      const fits =
        (count === 1 || (short && itemWords <= MAX_ITEMS_WORDS)) &&
        items.every((k) => taken.has(k) || (allowed.has(k) && scores[k] > 0 && !isNearDuplicate(analysis, k, taken)));
      if (fits) {
        for (const k of items) {
          if (taken.has(k)) continue;
          out.push(k);
          taken.add(k);
          words += analysis.sentences[k].wordCount;
        }
      } else if (!items.every((k) => taken.has(k))) {
        out.pop();
        taken.delete(i);
        words -= n;
      }
    }
  }
  return out.sort((a, b) => a - b);
}
