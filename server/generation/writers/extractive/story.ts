import {
  isFirstPerson as firstPersonIn,
  isFirstPersonSingular as firstSingularIn,
  isPersonal as personalIn,
} from "./filters";
import type { Plan } from "./plan";
import { announcedCount, announcedNoun, leansOnPrevious, shortItemsAfter } from "./rank";
import { stem } from "./tokens";
import { follows } from "./transcript";

// What a sentence needs around it to stand in an article: who speaks in it, what it leans on.

// ---------------------------------------------------------------------------------------------
// Sentence helpers

// Spoken openers an extract can lose: "So, and then…". Words that can start a real sentence
// ("Now is…", "Look at…", "So far…") only go when a comma sets them off.
const LEADING_CONNECTOR =
  /^(?:(?:(?:and so|and then|and|so|also|plus|basically|okay|ok|alright|all right|oh|anyway)\b(?!\s+(?:far|much|many|long|on|was|were|is|are|am|did|do|does|has|have|had|can|could|will|would)\b|\s+that\b(?!['’]s))|(?:well|yeah|yes|right|look|listen|see|now|guys|folks|everyone|everybody|y'all)\s*,)[,\s]*)+/i;

/**
 * A sentence that can open a news story as a statement of fact: impersonal, not a list item
 * ("Mistake number two …"), not a continuation ("And …", "Third, …").
 */
export function isCleanStatement(text: string, language?: string): boolean {
  return (
    !isPersonal(text, language) &&
    !leansOnPrevious(text) &&
    !/\bnumber (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b/i.test(text) &&
    !/^(?:and|but|or|so|because|step|tip|mistake|rule|part|chapter)\b/i.test(text)
  );
}

/**
 * Whether a sentence quotes someone itself ('She wrote, "We are two towns now."'): told in the
 * article's prose, never inside another quotation, a pull quote or a takeaway.
 */
export function holdsQuotation(text: string): boolean {
  return /["“”]/.test(text.slice(1, -2));
}

/** A topic that reads as a thing ("the cost of writes"), not a clause ("when the planner ignores it"). */
export function isNounPhrase(topic: string): boolean {
  // "And choosing the value metric and packaging into tiers?" is not a question anyone asks.
  return !/^(?:how|why|what|when|where|who|which|whether|if)\b/i.test(topic) && !/\sand\s|,/.test(topic);
}

/**
 * Whether a sentence is the speaker talking about themselves ("I", "je", "ich", "yo", "eu"), in
 * the source's language (a BCP 47 tag; every framed language when unknown).
 */
export function isFirstPersonSingular(text: string, language?: string): boolean {
  return firstSingularIn(text, language);
}

/** Whether a sentence speaks as "I" or "we" in the source's language (see isFirstPersonSingular). */
export function isFirstPerson(text: string, language?: string): boolean {
  return firstPersonIn(text, language);
}

/** Whether a sentence speaks as "I", "we" or "you" in the source's language (see isFirstPersonSingular). */
export function isPersonal(text: string, language?: string): boolean {
  return personalIn(text, language);
}

/** The language of a plan's source, for the person and aside checks: the transcript's, else the framing's. */
export function sourceLanguage(plan: Plan): string | undefined {
  return plan.request.transcript?.language || plan.meta.lang || undefined;
}

/** Drops the spoken connectors a sentence opened with ("So, and then …") and recapitalises. */
export function trimLead(text: string): string {
  const trimmed = text.replace(LEADING_CONNECTOR, "");
  if (trimmed === text || trimmed.split(/\s+/).length < 4) return text;
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

// Openers that need the sentence before them, in the framed languages: a connective ("But…",
// "Which brings us…", "Y si…"), a pointer back ("That's why…", "This means…", "Eso…"), an
// ordinal ("The second…", "La segunda…"), or the tail of a sentence the captions cut in two
// ("Of what a system does when…"; "Of course" stands alone).
const NEEDS_BEFORE =
  /^(?:of(?!\s+course\b)|which|that's why|this means|that means|but|because|and|so|yet|still|then|also|plus|however|therefore|thus|meanwhile|besides|or|nor|the (?:second|third|fourth|fifth|next|other|last|latter|former|same|answer|reason|result)|a second|another|y|pero|entonces|además|sin embargo|por eso|eso|esto|también|ahí|allí|(?:la|el) (?:segunda|segundo|tercera|tercero|otra|otro)|et|mais|donc|alors|puis|aussi|cela|ça|c'est pourquoi|(?:la|le) (?:deuxième|seconde|second|troisième)|und|aber|dann|deshalb|dies|auch|(?:der|die) (?:zweite|dritte)|e|mas|então|isso|isto|por isso|aí|ali|(?:o|a) (?:segundo|segunda|terceiro|terceira))(?![\p{L}'’])/iu;

/** Whether a sentence only makes sense after the one before it in the video. */
export function dependsOnPrevious(text: string): boolean {
  // What the article shows: spoken openers trimLead removes ("So, instead of…") do not count.
  const bare = trimLead(text.replace(/^["“'‘¿¡(\s]+/u, ""));
  // "Instead of typing the name…" says what it replaces itself.
  if (/^instead of\b/i.test(bare)) return NEEDS_BEFORE.test(bare);
  return (
    leansOnPrevious(bare) ||
    NEEDS_BEFORE.test(bare) ||
    ELLIPTICAL_NOT.test(bare) ||
    BARE_SUPERLATIVE.test(bare) ||
    ECHOED_NUMBER.test(bare) ||
    COUNT_WITHOUT_NOUN.test(bare.slice(0, 200)) ||
    NAMED_BEFORE.test(bare) ||
    ANSWER_TO_BEFORE.test(bare) ||
    REASONS_FOR_BEFORE.test(bare.trim()) ||
    FIRST_OF_NAMED.test(bare) ||
    UNNAMED_SUBJECT.test(bare) ||
    GERMAN_DEMONSTRATIVE.test(bare) ||
    EXAMPLE_OF.test(bare) ||
    FRONTED_PRONOUN.test(bare) ||
    LATER_PRONOUN.test(bare) ||
    GENERIC_BACK.test(bare.slice(0, 120)) ||
    ordinalOf(text) >= 2
  );
}

// "Below freezing the process almost stops": a general noun as the subject ("the process", "this
// effect") stands for what was named before ("retrogradation"), unless it says of what.
const GENERIC_BACK =
  /^(?:(?:below|above|after|before|during|in|at|on|for|with|without|under|over|once|when|if|as)\s(?:[\p{L}'’-]+\s){0,2})?(?:the|this|that)\s(?:process|effect|mechanism|reaction|technique|method|approach|phenomenon)\s(?!of\b|that\b|which\b|is\s(?:called|known)\b)\p{L}/iu;

// "For retail it was basically flat in the first year.", "In practice they fail.": a short
// phrase put first does not name the subject, a pronoun for something said before.
const FRONTED_PRONOUN =
  /^(?:for|in|on|at|by|with|after|before|since|during|from|to|of)\s(?:[\p{L}\p{N}'’-]+\s){0,3}(?:he|she|it|they)\s(?!is\s(?:that|what|why|how|because)\b)\p{L}/iu;

// "Two days later it was clearly stale", "The next morning they…": a time put first, then a
// pronoun for what was named before.
const LATER_PRONOUN =
  /^(?:(?:[\p{L}\p{N}'’-]+\s){1,3}(?:later|earlier|ago|afterwards?)|the (?:next|following) (?:day|morning|night|week|month|year)|that (?:night|day|morning|evening|week)),?\s(?:he|she|it|they)\s\p{L}/iu;

// "Ocurre cuando la gente quiere comprar más…", "Significa que…": Spanish and Portuguese leave
// out a subject they named before, so a sentence that opens on such a verb is about the last
// sentence's subject ("la inflación de demanda"), which it never names.
const UNNAMED_SUBJECT =
  /^(?:ocurre|sucede|pasa|significa|consiste|depende|funciona|sirve|quiere decir|acontece|serve)\s(?:cuando|en|de|que|si|para|como|quando|se|em)(?![\p{L}'’])/iu;

// "For example, ninety-nine point nine percent of requests succeed": an example of what the
// sentence before said (here, what an SLO is), which alone it is not.
const EXAMPLE_OF = /^(?:for example|for instance|por ejemplo|par exemple|zum beispiel|por exemplo)(?![\p{L}'’])/iu;

// "Die kostet etwas mehr, aber…", "Das ist wichtig.": German nouns take a capital, so an
// article followed by a lowercase word and no noun ("Die richtige Erde" has one) stands for
// something named before.
const GERMAN_DEMONSTRATIVE = /^[Dd](?:er|ie|as|em|en)\s+\p{Ll}+(?:[\s,;:.!?…]+(?!\p{Lu})|$)/u;

// "La primera es la inflación de demanda", "The first one was the market", "Detail one: …": the
// first of something the sentence before named ("three causes", "two details"), which this one
// never names.
const FIRST_OF_NAMED =
  /^(?:\p{L}+ (?:number )?(?:one|1):|the first(?: one)? (?:is|was)|(?:la|el) primer[oa]? (?:es|era|fue)|(?:le premier|la première) (?:est|était|a été)|(?:der|die|das) erste (?:ist|war)|(?:o|a) primeir[oa] (?:é|era|foi))(?![\p{L}'’])/iu;

// "I think the answer is yes.", "My answer is no": the answer to a question asked before it.
const ANSWER_TO_BEFORE =
  /^(?:(?:honestly|frankly|personally),?\s)?(?:(?:i|we)\s(?:think|guess|believe|'d say|would say)\s)?(?:the|my|our)\s(?:(?:short|simple|honest|quick)\s)?answer\s(?:is|was)\b/i;

// "Por varias razones.", "For two reasons.": the answer's opening, to a question asked before
// it (the reasons follow, but what they are reasons for does not).
const REASONS_FOR_BEFORE =
  /^(?:for (?:a few|several|two|three|many|a couple of|different) reasons|por (?:varias|dos|tres|muchas|distintas) razones|pour (?:plusieurs|deux|trois) raisons|aus (?:mehreren|zwei|drei|verschiedenen) gründen|por (?:várias|duas|três|muitas) razões)[.:]?$/iu;

// "Not iron and rivets so much as the end of paying…": the rest of a sentence before it, which
// says what is not ("Not only… but…" and "Not everyone agrees" stand alone).
const ELLIPTICAL_NOT = /^not\s(?!only\b|just\b)[^,.;]{1,40}?\s(?:so much as|but rather|but)\s/i;
// "The most is the job situation": a superlative with no noun, the tail of "…stressed me out the most".
const BARE_SUPERLATIVE = /^the\s(?:most|least|best|worst)\s(?:is|was|are|were)\b/i;
// "The idea: if calls keep failing, stop calling": the idea of something named before (a circuit
// breaker's), which the sentence never names.
const NAMED_BEFORE = /^the (?:idea|trick|fix|catch|upshot|difference|solution|twist|benefit|downside)\s*:/i;
// "Two that's two more than last week": a number echoing the sentence before ("I got two numbers").
// "Fourteen actually, but who's counting": a number correcting the question before it.
const ECHOED_NUMBER =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred)(?:\s(?:that's|that is|it's|which)\b|,?\sactually\b)/i;
// "Within about four minutes all two hundred were busy…": a count standing for what the sentence
// before named ("a pool of two hundred connections"), with no noun of its own.
const COUNT_WITHOUT_NOUN =
  /(?:^|[\s,])(?:all|both|the other|only|just)\s(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|\d{1,6})(?:[\s-]|(?=\s)))+(?:of them\b|(?:were|are|was|is|had|have|did|do|went|got|stayed|failed|died|left)\s)/i;

// Ordinal openers of a spoken list, by place: "First,", "Secondly", "The third problem",
// "Segundo,", "En segundo lugar", "La segunda es…", "Deuxièmement", "La deuxième…", "Zweitens",
// "Der zweite Punkt…", "Em segundo lugar", "A segunda é…". Each language's articles may stand
// before its ordinal word ("a second look" is no list item: English takes only "the").
const ES = String.raw`(?:(?:el|la|lo|los|las)\s+)?`;
const FR = String.raw`(?:(?:le|la|les)\s+)`;
const DE = String.raw`(?:(?:der|die|das|den)\s+)`;
const PT = String.raw`(?:(?:o|a|os|as)\s+)?`;
const ordinal = (words: string) => new RegExp(`^(?:${words})(?![\\p{L}'’-])`, "iu");
const ORDINALS: ReadonlyArray<[number, RegExp]> = [
  [
    1,
    ordinal(
      `(?:the )?first(?:ly)?|(?:en )?${ES}primer[oa]?(?: lugar)?|(?:em )?${PT}primeir[oa](?: lugar)?|premi(?:èrement|er|ère)|${FR}premi(?:er|ère)|erstens|${DE}erste[nrs]?`,
    ),
  ],
  [
    2,
    ordinal(
      `(?:the )?second(?:ly)?|(?:en )?${ES}segund[oa](?: lugar)?|(?:em )?${PT}segund[oa](?: lugar)?|deuxi[eè]me(?:ment)?|${FR}(?:deuxi[eè]me|seconde?)|zweitens|${DE}zweite[nrs]?`,
    ),
  ],
  [
    3,
    ordinal(
      `(?:the )?third(?:ly)?|(?:en )?${ES}tercer[oa]?(?: lugar)?|(?:em )?${PT}terceir[oa](?: lugar)?|troisi[eè]me(?:ment)?|${FR}troisi[eè]me|drittens|${DE}dritte[nrs]?`,
    ),
  ],
  [
    4,
    ordinal(
      `(?:the )?fourth(?:ly)?|(?:en |em )?(?:cuart|quart)[oa] lugar|(?:cuart|quart)[oa],|quatri[eè]me(?:ment)?|${FR}quatri[eè]me|viertens|${DE}vierte[nrs]?`,
    ),
  ],
  [
    5,
    ordinal(
      `(?:the )?fifth(?:ly)?|(?:en |em )?quint[oa] lugar|quint[oa],|cinqui[eè]me(?:ment)?|${FR}cinqui[eè]me|fünftens|${DE}fünfte[nrs]?`,
    ),
  ],
];

/**
 * The place a sentence claims in a spoken list (2 for "Second, …", "Segundo, …", "The second
 * problem…"), or 0 when it opens on no ordinal. A spoken "and" before it does not count.
 */
export function ordinalOf(text: string): number {
  // "Okay, so the third thing…" is the third item as much as "The third thing…".
  const bare = text
    .replace(/^["“'‘¿¡(\s]+/u, "")
    .replace(LEADING_CONNECTOR, "")
    .replace(/^(?:and|so|y|et|und|e)\s+/i, "");
  for (const [n, re] of ORDINALS) if (re.test(bare)) return n;
  return 0;
}

/**
 * The earlier items of the list a sentence continues ("First, …" before "Second, …"), nearest
 * first, or null when one of them cannot be found within a few sentences.
 */
function earlierItems(plan: Plan, index: number): number[] | null {
  const sentences = plan.analysis.sentences;
  const out: number[] = [];
  let want = ordinalOf(sentences[index].text) - 1;
  let from = index - 1;
  while (want >= 1) {
    let found = -1;
    for (let j = from; j >= Math.max(0, from - 15); j--) {
      if (ordinalOf(sentences[j].text) === want) {
        found = j;
        break;
      }
    }
    if (found < 0) return null;
    out.push(found);
    from = found - 1;
    want--;
  }
  return out;
}

// How far after a promise its ordinal items are looked for.
const ITEMS_WITHIN = 25;

/**
 * The sentences that keep a promise of `count` items: its ordinal items ("The first was the
 * market… The second was housing…") when all are said soon after it, else the `count` sentences
 * after it when each is short (a list told a sentence an item); null when neither.
 */
function promisedItems(plan: Plan, index: number, count: number): number[] | null {
  const sentences = plan.analysis.sentences;
  const out: number[] = [];
  for (let j = index + 1; j < Math.min(sentences.length, index + 1 + ITEMS_WITHIN) && out.length < count; j++) {
    if (ordinalOf(sentences[j].text) === out.length + 1) out.push(j);
  }
  if (out.length === count) return out;
  // Items named by the promise's noun ("two main methods." then "The avalanche method means…",
  // "The snowball method means…").
  const noun = announcedNoun(sentences[index].text);
  if (noun && noun.length >= 4) {
    const named = new RegExp(`^(?:the|a|an)\\s+\\p{L}+\\s+${noun}\\b`, "iu");
    const items: number[] = [];
    for (let j = index + 1; j < Math.min(sentences.length, index + 1 + ITEMS_WITHIN) && items.length < count; j++) {
      if (named.test(sentences[j].text)) items.push(j);
    }
    if (items.length === count) return items;
  }
  return shortItemsAfter(sentences, index, count);
}

// "Here's the part most people skip.", "Here's the thing.": names nothing until the next sentence does.
// Longer, it says something of its own ("Here's a git trick that saves me time every day.").
const MAX_POINTER_WORDS = 8;
const HERE_IS = /^(?:(?:so|and|now|okay|ok),?\s+)?here(?:'s|’s| is| comes)\s[^.!?]{0,60}[.!…]$/i;

/**
 * A question that teases its answer ("The good news?", "¿El resultado?"), or a line that points
 * at what comes next ("Here's the part most people skip."): the answer must follow.
 */
export function isTeaser(text: string): boolean {
  const words = text.split(/\s+/).length;
  return (
    (/\?["”]?$/.test(text) && words <= 6) ||
    ((HERE_IS.test(text) || UNTOLD_PART.test(text) || SIMPLE_ANSWER.test(text)) && words <= MAX_POINTER_WORDS)
  );
}
// "The rule I use is simple.", "La respuesta es sencilla.": says there is an answer, not what it is.
const SIMPLE_ANSWER =
  /^(?:(?:and|so|but|now|y|et|und|e),?\s+)?(?:the|my|our|la|el|mi|le|ma|die|der|das|meine|a|o|minha|meu)\s+\p{L}+(?:\s+\p{L}+){0,3}\s+(?:is|was|es|est|ist|é)\s+(?:(?:really|actually|pretty|very|quite|muy|bien|très|ganz|sehr|bem|muito)\s+)?(?:simple|easy|straightforward|obvious|sencill[oa]|fácil|facile|einfach|simples)\s*[.!…]["”]?$/iu;
// "The part nobody tells you.", "And the thing most people miss.": a part named, not yet told.
const UNTOLD_PART =
  /^(?:(?:and|so|now|but),?\s+)?(?:the|that's the|this is the)\s+(?:part|thing|bit|one)\s+(?:that\s+)?(?:nobody|no one|people|most people|everyone|you|we)\b(?:(?!\s(?:is|are|was|were)\b)[^.!?]){0,40}[.!…]$/i;

/**
 * The earlier sentence that gave the full name a sentence opens with by surname alone ("Delgado
 * said…" after "The city's chief engineer, Rosa Delgado, told…"), or null.
 */
export function introducedBy(plan: Plan, index: number): number | null {
  const sentences = plan.analysis.sentences;
  const surname =
    /^(\p{Lu}\p{Ll}+)\s+(?:said|says|told|added|adds|explained|explains|noted|notes|warned|argued|dijo|explicó|a dit|sagte|disse)\b/u.exec(
      sentences[index].text,
    )?.[1];
  if (!surname) return null;
  const full = new RegExp(`\\p{Lu}\\p{Ll}+\\s+${surname}\\b`, "u");
  for (let j = 0; j < index; j++) if (full.test(sentences[j].text)) return j;
  return null;
}

// The longest sentence pulled in only so that the next one reads right.
const MAX_PULLED_WORDS = 45;

// A demonstrative that points back, before a noun ("that optimization", "esa cesta"): not
// "this" or "cette", which as often bring in something new ("this tour", "cette année").
const DEMONSTRATIVE_NOUN =
  /(?<![\p{L}'’])(?:that|these|those|ese|esa|esos|esas|esse|essa|esses|essas)\s+(\p{L}{4,})/giu;
// Words after "that" that are no noun ("that alone", "that much", "that quickly").
const NOT_A_NOUN = new Set(
  `alone much many long well easy hard simple good great bad often quick fast slow high little enough same other
  said what which when where there their they then these those this that have were will would could should`.split(
    /\s+/,
  ),
);
// Nouns a demonstrative points at the moment or the talk with ("this video", "that point").
const DEICTIC = new Set(
  `video videos week weeks year years time times morning evening night point case thing things stuff kind sort type
  moment month months side part parts channel episode talk session people everyone life world country city town
  semana año vídeo momento ano`
    .split(/\s+/)
    .map((w) => stem(w.toLowerCase())),
);

/** The stems of a text's words of four letters or more. */
const stemsIn = (text: string) => new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map(stem));

/**
 * The sentence just before sentence i (one or two back) that names what a demonstrative in i
 * points at ("that optimization", named as "the HOT optimization" before), when nothing the
 * reader has seen (`seen`) names it; null when i points at nothing unseen.
 */
function unseenReferent(plan: Plan, i: number, seen: (k: number) => boolean): number | null {
  const sentences = plan.analysis.sentences;
  const text = sentences[i].text.slice(0, 600);
  // Each sentence's stems once, however many demonstratives ask about it.
  const stems = new Map<number, Set<string>>();
  const stemsOf = (k: number) => {
    let found = stems.get(k);
    if (!found) {
      found = stemsIn(sentences[k].text.slice(0, 2000));
      stems.set(k, found);
    }
    return found;
  };
  for (const m of text.matchAll(DEMONSTRATIVE_NOUN)) {
    const word = m[1].toLowerCase();
    const noun = stem(word);
    if (DEICTIC.has(noun) || NOT_A_NOUN.has(word) || /ly$/.test(word)) continue;
    // Named earlier in the sentence itself ("a new index, and that index…").
    if (stemsIn(text.slice(0, m.index)).has(noun)) continue;
    let namer: number | null = null;
    for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
      if (stemsOf(k).has(noun)) {
        namer = k;
        break;
      }
    }
    // "that optimization" after "…which is called a heap only tuple update": the thing was named
    // in other words, just before (not "this", which as often introduces something new).
    // Only in the sentence's opening clause: after a comma the thing may be the sentence's own
    // ("…proposed a relief fund, but that motion was deferred").
    const opening = (m.index ?? 0) < 60 && !/[,;:]/.test(text.slice(0, m.index));
    if (namer === null && opening && /^th(?:at|ose|ese)$/i.test(m[0].split(/\s+/)[0]) && i > 0) namer = i - 1;
    if (namer === null) continue;
    // Seen already: the sentence that names it, or any sentence shown before i that does.
    let named = false;
    for (let k = Math.max(0, i - 40); k < i && !named; k++) named = seen(k) && stemsOf(k).has(noun);
    if (!named) return namer;
  }
  return null;
}

/**
 * Whether the sentence after sentence i points at something only i names ("When you bake, those
 * granules…" after "…starch comes as tiny packed granules."): taken away to lead the article, i
 * leaves the explanation that goes on from it without its start; so does a consequence of nine
 * words or more ("That's why a stale baguette comes back…"). (A short remark that leans on i,
 * "Mathematically that saves you the most money.", is no such loss.)
 */
export function leadsIntoNext(plan: Plan, i: number): boolean {
  const next = plan.analysis.sentences[i + 1];
  if (!next || !follows(plan.analysis.sentences[i], next)) return false;
  // "That's why a stale baguette comes back to life in a hot oven.": a consequence with words of
  // its own (a short remark on i is no loss).
  if (next.wordCount >= CONSEQUENCE_WORDS && dependsOnPrevious(next.text)) return true;
  const named = stemsIn(plan.analysis.sentences[i].text.slice(0, 2000));
  const text = next.text.slice(0, 600);
  for (const m of text.matchAll(DEMONSTRATIVE_NOUN)) {
    const word = m[1].toLowerCase();
    const noun = stem(word);
    if (DEICTIC.has(noun) || NOT_A_NOUN.has(word) || /ly$/.test(word)) continue;
    if (named.has(noun) && !stemsIn(text.slice(0, m.index)).has(noun)) return true;
  }
  return false;
}

// Words from which a sentence leaning on the one before says something of its own.
const CONSEQUENCE_WORDS = 9;

// "the cables" of "Staling is the cables slowly coiling back…": a definite noun phrase.
const DEFINITE_NOUN = /\bthe\s+(\p{L}{4,})/giu;

/**
 * Whether sentence i speaks of "the cables" that only the sentence or two before it brought in
 * ("Think of a drawer of cables."), the video naming them nowhere earlier nor in its title: read
 * alone (a lede, a takeaway), it is the end of an analogy or a story without its start.
 */
export function leansOnLocalNoun(plan: Plan, i: number): boolean {
  return localNounSource(plan, i) !== null;
}

/** The sentence that brought in the "the cables" sentence i speaks of (leansOnLocalNoun), or null. */
function localNounSource(plan: Plan, i: number): number | null {
  const sentences = plan.analysis.sentences;
  if (i < 1) return null;
  const text = sentences[i].text.slice(0, 600);
  const title = stemsIn((plan.request?.video.title ?? "").slice(0, 300));
  for (const m of text.matchAll(DEFINITE_NOUN)) {
    const noun = stem(m[1].toLowerCase());
    if (title.has(noun) || stemsIn(text.slice(0, m.index)).has(noun)) continue;
    // The earliest of the two sentences before that names it.
    let introduced = -1;
    for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
      if (!follows(sentences[k], sentences[k + 1])) break;
      if (stemsIn(sentences[k].text.slice(0, 2000)).has(noun)) introduced = k;
    }
    if (introduced < 0) continue;
    let earlier = false;
    for (let k = Math.max(0, introduced - 60); k < introduced && !earlier; k++)
      earlier = stemsIn(sentences[k].text.slice(0, 2000)).has(noun);
    if (!earlier) return introduced;
  }
  return null;
}

/**
 * "That doesn't sound like much." before "But a farmer… paid more than five dollars a year": a
 * short line that only sets up the contrast after it, and says nothing without it.
 */
function setsUpContrast(plan: Plan, i: number): boolean {
  const sentences = plan.analysis.sentences;
  const next = sentences[i + 1];
  return (
    next !== undefined &&
    sentences[i].wordCount <= SETUP_WORDS &&
    !/\?["”]?$/.test(sentences[i].text) &&
    follows(sentences[i], next) &&
    /^(?:but|yet|however|pero|sin embargo|mais|pourtant|aber|doch|mas|porém)\b/iu.test(next.text)
  );
}
const SETUP_WORDS = 6;

// "Imagine a jobs table where ninety-nine percent of the rows are finished…": a case set up for
// what the next sentence says of it, which alone it only describes.
const SETS_UP_CASE =
  /^(?:imagine|picture this|think of (?:it|this|a|an)|suppose|say you|let's say|imagina|imagínate|imaginen|imaginemos|supongamos|imaginez|imagine[sz]?|imaginons|supposons|stell dir vor|stellen sie sich vor|angenommen|imaginem|suponha|suponhamos)(?![\p{L}'’])/iu;

/** Whether a sentence sets up a case ("Imagine…", "Supongamos…") that the next one resolves. */
export function setsUpCase(text: string): boolean {
  return SETS_UP_CASE.test(trimLead(text.replace(/^["“'‘¿¡(\s]+/u, "")));
}

/**
 * A section's sentences as a story: in the video's order, and no sentence without what it
 * depends on. A sentence that leans on the one before it (a connective, an ordinal, a pronoun
 * or "that" standing for what was just said: dependsOnPrevious) pulls that one in (from the same
 * section, if nothing else uses it and it is fit to read) or goes; a teaser keeps its answer next
 * to it or goes.
 */
/** Words at most in a sentence that only follows from the one before ("You get quick wins."). */
const SHORT_CONSEQUENCE_WORDS = 5;
/** Words at most in a remark that only comments on the sentence before ("That's key."). */
const SHORT_REMARK_WORDS = 4;

export function repairStory(
  plan: Plan,
  chosen: readonly number[],
  allowed: ReadonlySet<number>,
  used: ReadonlySet<number>,
  shownAbove: ReadonlySet<number> = new Set(),
): number[] {
  const sentences = plan.analysis.sentences;
  const keep = new Set(chosen);
  // A line the section's heading says whole counts as read: what leans on it may stay.
  const present = (i: number) => keep.has(i) || shownAbove.has(i);
  const free = (i: number) => allowed.has(i) && !keep.has(i) && !used.has(i);
  // A sentence pulled in for the one after it must be worth reading itself (not an aside nor
  // housekeeping, which score 0) and not blow the section's share of words.
  // Nor a later item of a spoken list ("So the third thing…"): it needs its earlier items, which
  // the ordinal pass below has checked for what was chosen, not for what is pulled.
  // Nor a promise of several items ("I'd say three things."): it comes with all of them or not at all.
  // Nor a host's or moderator's cue ("Alicia, two minutes."): only their question may come along.
  const cue = (i: number) =>
    Boolean(plan.meta?.voices.get(sentences[i].turn)?.asks) && !/\?["”]?$/.test(sentences[i].text);
  const fitToPull = (i: number) =>
    free(i) &&
    (plan.scores[i] ?? 1) > 0 &&
    !cue(i) &&
    sentences[i].wordCount <= MAX_PULLED_WORDS &&
    ordinalOf(sentences[i].text) < 2 &&
    (announcedCount(sentences[i].text) ?? 1) < 2;
  // "I'd say three things." stays only when all three are told here.
  for (const i of [...keep]) if (brokenPromise(plan, i, present)) keep.delete(i);
  // "Segundo, revisar los gastos fijos…" needs its first item before it, or it goes.
  for (const i of [...keep].sort((a, b) => b - a)) {
    if (ordinalOf(sentences[i].text) < 2) continue;
    const items = earlierItems(plan, i);
    // An item shown elsewhere (a takeaway) does not count: the list is told here or not at all.
    if (items === null || items.some((j) => !present(j) && !free(j))) {
      keep.delete(i);
      continue;
    }
    for (const j of items) if (!shownAbove.has(j)) keep.add(j);
    // The question the list answers ("¿Y nosotros qué podemos hacer?") comes with it.
    const first = items.length ? items[items.length - 1] : i;
    if (first > 0 && /\?["”]?$/.test(sentences[first - 1].text) && free(first - 1)) keep.add(first - 1);
  }
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (!keep.has(i)) continue;
    // "You get quick wins." after the sentence it follows went elsewhere (a takeaway, the lede):
    // so short a sentence is a consequence of that one, and alone it says nothing.
    if (sentences[i].wordCount <= SHORT_CONSEQUENCE_WORDS && i > 0 && used.has(i - 1) && !present(i - 1)) {
      keep.delete(i);
      continue;
    }
    // A short remark on the line a heading restates ("This is important." under "The emergency
    // fund") says nothing the heading did not: it goes.
    if (dependsOnPrevious(sentences[i].text) && shownAbove.has(i - 1) && sentences[i].wordCount <= SHORT_REMARK_WORDS) {
      keep.delete(i);
      continue;
    }
    // "That's how many teaching jobs…" after the "Thirty-one." the transcript's cleaning left
    // out: what it points at is not in the article, whatever comes before it.
    if (sentences[i].afterDropped && dependsOnPrevious(sentences[i].text)) {
      keep.delete(i);
      continue;
    }
    let j = i;
    const pulled: number[] = [];
    while (dependsOnPrevious(sentences[j].text) && !present(j - 1)) {
      if (pulled.length >= 2 || !fitToPull(j - 1)) {
        j = -1;
        break;
      }
      pulled.push(j - 1);
      j -= 1;
    }
    if (j < 0) {
      keep.delete(i);
      continue;
    }
    for (const p of pulled) keep.add(p);
  }
  // "Every extra index makes that optimization less likely": the optimization was named in the
  // sentence before, which comes with it; when it cannot, the sentence goes.
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (!keep.has(i)) continue;
    const namer = unseenReferent(plan, i, (k) => keep.has(k) || shownAbove.has(k));
    if (namer === null || present(namer)) continue;
    if (fitToPull(namer) && !dependsOnPrevious(sentences[namer].text)) keep.add(namer);
    else keep.delete(i);
  }
  // "Staling is the cables slowly coiling back…": the analogy's start ("Think of a drawer of
  // cables.") comes with it (and what lies between), or it goes.
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (!keep.has(i)) continue;
    const source = localNounSource(plan, i);
    // Only a case set up to be talked through ("Think of…", "Imagine…"): "the pier" after "its
    // central pier" is an ordinary reference a section may make without it.
    if (source === null || !setsUpCase(sentences[source].text)) continue;
    const missing: number[] = [];
    for (let k = source; k < i; k++) if (!present(k)) missing.push(k);
    if (missing.length === 0) continue;
    if (missing.every(fitToPull)) for (const k of missing) keep.add(k);
    else keep.delete(i);
  }
  // "Delgado said…" before the reader has met Rosa Delgado: only after the sentence naming her.
  for (const i of [...keep].sort((a, b) => a - b)) {
    const introducer = introducedBy(plan, i);
    if (introducer !== null && !keep.has(introducer)) keep.delete(i);
  }
  // What leans on a sentence a later pass let go ("It isn't the district." after "…who pays
  // for that Friday", which went for want of the Friday it names) goes with it.
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (i > 0 && dependsOnPrevious(sentences[i].text) && !present(i - 1)) keep.delete(i);
  }
  for (const i of [...keep].sort((a, b) => a - b)) {
    const setup = isTeaser(sentences[i].text) || setsUpContrast(plan, i) || setsUpCase(sentences[i].text);
    if (!setup || keep.has(i + 1)) continue;
    if (free(i + 1) && !isTeaser(sentences[i + 1].text)) keep.add(i + 1);
    else keep.delete(i);
  }
  settle(plan, keep, present);
  return [...keep].sort((a, b) => a - b);
}

/** A promise of several items ("I'd say three things.") whose items are not all told here. */
function brokenPromise(plan: Plan, i: number, present: (j: number) => boolean): boolean {
  const count = announcedCount(plan.analysis.sentences[i].text);
  if (count === null || count < 2) return false;
  const items = promisedItems(plan, i, count);
  return items === null || items.some((j) => !present(j));
}

/**
 * What the passes above let go can break what they kept: "La primera es…" went with the
 * promise of three causes it leans on, and "La segunda es…", kept for having its first item at
 * the time, now has none. Lists and what leans on them are checked again, letting go only, until
 * nothing more goes (each round removes at least one sentence, so it ends).
 */
function settle(plan: Plan, keep: Set<number>, present: (i: number) => boolean): void {
  const sentences = plan.analysis.sentences;
  for (let changed = true; changed; ) {
    changed = false;
    for (const i of [...keep].sort((a, b) => a - b)) {
      const text = sentences[i].text;
      const earlier = ordinalOf(text) >= 2 ? earlierItems(plan, i) : [];
      const brokenList = earlier === null || earlier.some((j) => !present(j));
      const orphan = i > 0 && dependsOnPrevious(text) && !present(i - 1);
      if (brokenPromise(plan, i, present) || brokenList || orphan) {
        keep.delete(i);
        changed = true;
      }
    }
  }
}
