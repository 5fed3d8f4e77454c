import { CLAUSE_WORDS, candidatePhrases, isNounPhrase, type KeyPhrase, titleCase } from "./keyphrases";
import type { Plan } from "./plan";
import { salientPhrases } from "./plan";
import { PHRASE_STOPWORDS, stem } from "./tokens";

const MAX_TOPIC_TAGS = 6;

// Counts and amounts ("six weeks", "diez minutos") are no topic a reader searches for.
const NUMBER_WORD =
  /^(?:\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|thousand|million|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|un|une|deux|trois|quatre|cinq|ein|eine|zwei|drei|vier|fünf|zehn|um|duas|três)$/i;
// Single words too vague to search for on their own.
const VAGUE = new Set(
  `lost ball thing things stuff way ways part parts step steps time times day days week weeks minute minutes hour
  hours people person video videos channel today tomorrow yesterday question questions answer answers problem
  problems point points lot kind bit end start idea ideas fact case example examples number numbers percent
  dollars money place side top bottom reason reasons result results version fail retry incident tier slow less
  menos más plus year years month months años año meses semanas días ans année années mois semaines jours jahr
  jahre jahren jahres monat monate wochen tage anos ano dias`
    .split(/\s+/)
    .map((w) => stem(w)),
);

// Words that describe rather than name, first in a phrase ("Bigger Pump", "Exact Process"): no
// topic a reader searches for, unless the phrase is a name ("New York", "Big Ben").
const DESCRIBING = new Set(
  `exact whole entire same different real actual bigger smaller better worse best worst higher lower larger longer
  shorter faster slower easier harder cheaper new old good great nice little big small main other certain specific
  simple basic full tangy tasty quick easy`.split(/\s+/),
);
// Words a phrase cut from a clause ends on ("pull your chin straight back" gives "Chin Straight").
const CLAUSE_TAIL = new Set("straight back down up out off away first last again together apart".split(" "));

const QUESTION =
  /^(?:qu[ée]|c[óo]mo|qui[ée]n|d[óo]nde|cu[áa]ndo|was|wie|wer|warum|comment|pourquoi|quoi|como|onde|quem)(?=\s|$)/i;

/** A tag may be stored as given: plain words, no markup, template syntax, link or instruction. */
export function isUsableTag(tag: string): boolean {
  if (!tag || tag.length > 40 || !/\p{L}/u.test(tag)) return false;
  if (/[<>{}[\]|=\\/`*_#@]|https?:|www\./i.test(tag)) return false;
  return !/^(?:write|ignore|click|subscribe|follow|like|buy|use code|pretend|act as)\b/i.test(tag);
}

/** Whether a key phrase names a topic: a noun phrase, not a count, not a lone vague word or verb form. */
function isTopic(
  phrase: KeyPhrase,
  titleStems: ReadonlySet<string>,
  lowercase: ReadonlySet<string>,
  lang: string,
  said: number,
  /** The title names the phrase, or too few others are found: said once is enough. */
  vouched: boolean,
): boolean {
  if (!isNounPhrase(phrase) || QUESTION.test(phrase.text)) return false;
  const words = phrase.text.split(/\s+/);
  if (words.length > 3 || NUMBER_WORD.test(words[0])) return false;
  // "Played Live", "Missed Payments": a participle first is a clause, not a name.
  if (words.some((w) => /^\p{Ll}+(?:ed|ing)$/u.test(w) && w.length > 5) && words.length > 1) return false;
  if (words.some((w) => PHRASE_STOPWORDS.has(w.toLowerCase()) || CLAUSE_WORDS.has(w.toLowerCase()))) return false;
  if (words.length > 1) {
    const named = words.every((w) => /^\p{Lu}/u.test(w)) && !lowercase.has(stem(words[0].toLowerCase()));
    if (!named && DESCRIBING.has(words[0].toLowerCase())) return false;
    if (CLAUSE_TAIL.has(words[words.length - 1].toLowerCase())) return false;
  }
  // German writes every noun with a capital: a phrase that does not end on one is no topic.
  if (lang === "de" && !/^\p{Lu}/u.test(words[words.length - 1])) return false;
  // A phrase only the title says (its clickbait: "Dicas Fáceis", "Marche") is no topic of the
  // video; one said once is as likely a clause ("Batteries store") as a topic, unless the title
  // or a name vouches for it.
  if (said === 0) return false;
  if (words.length > 1 && said < 2 && !vouched && !words.every((w) => /^\p{Lu}/u.test(w))) return false;
  if (words.length > 1) return true;
  const word = words[0];
  if (VAGUE.has(phrase.key) || /(?:ed|ing|ly|est)$/.test(word) || word.length < 3) return false;
  // A lone word is a tag when it is a name or acronym ("Postgres", "GPU") or the title's own subject.
  // (A capital only from a Title Case title is no name: the video says "price", not "Price".)
  const name = word !== word.toLowerCase() && !(/^\p{Lu}\p{Ll}+$/u.test(word) && lowercase.has(phrase.key));
  // The title's own subject, which the video keeps saying ("compost", "database").
  // (English titles are full of short generic words, "Price", "Product"; other languages' are fewer.)
  const long = word.length >= (lang === "en" ? 8 : 5);
  return name || (titleStems.has(phrase.key) && phrase.count >= 3 && said >= 2 && long);
}

/**
 * 3 to 8 tags a reader would search for: the noun phrases the title names ("Student Loans"), then
 * the video's strongest key phrases ("Avalanche Method"), as written in the video's language, then
 * the category; the channel when fewer than three are found. No verb fragments ("Shortcut Saves"),
 * no lone vague words ("Lost", "Ball"), no counts, no markup.
 */
export function topicTags(plan: Plan, category: string): string[] {
  const english = !plan.meta.lang || plan.meta.lang === "en";
  const casing = (text: string) => (english ? titleCase(text) : text.charAt(0).toUpperCase() + text.slice(1));
  const tags: string[] = [];
  const stemSets: Set<string>[] = [];
  const add = (text: string) => {
    const clean = text.replace(/\s+/g, " ").trim();
    if (!isUsableTag(clean) || tags.length >= MAX_TOPIC_TAGS) return;
    const stems = new Set(clean.toLowerCase().split(" ").map(stem));
    // "Arrow Key" and "Fn Arrow Keys" are one topic: the first spelling stays.
    if (stemSets.some((s) => [...stems].every((x) => s.has(x)) || [...s].every((x) => stems.has(x)))) return;
    stemSets.push(stems);
    tags.push(casing(clean));
  };
  const phrases = salientPhrases(plan.keyPhrases);
  const titleStems = new Set(
    candidatePhrases(plan.meta.headline)
      .filter((c) => c.stems.length === 1)
      .map((c) => c.key),
  );
  const titleKeys = new Set(candidatePhrases(plan.meta.headline).map((c) => c.key));
  // Key phrases the title also names first, then the rest by strength.
  const ordered = [...phrases.filter((p) => titleKeys.has(p.key)), ...phrases.filter((p) => !titleKeys.has(p.key))];
  // Words that only appear inside markup or template syntax in the video's own text.
  const { title, description } = plan.request.video;
  const markup = new Set(
    `${title} ${description}`
      .match(/<[^>]*>|\{\{[\s\S]*?\}\}|\[\[[\s\S]*?\]\]/g)
      ?.flatMap((m) => m.toLowerCase().match(/\p{L}+/gu) ?? []) ?? [],
  );
  const lowercase = new Set(
    plan.analysis.sentences.flatMap((sentence) =>
      (sentence.text.match(/(?<![.!?]\s)\b\p{Ll}[\p{L}'-]*/gu) ?? []).map((w) => stem(w)),
    ),
  );
  // How often the video itself (its sentences and description, not the title) says a phrase, at most 2.
  const said = [
    ...plan.analysis.sentences.slice(0, 3000).map((sentence) => sentence.text),
    // Without a transcript the sentences are the description's: counted once.
    ...(plan.source === "transcript" ? plan.description : []),
  ].map((text) => text.toLowerCase());
  const timesSaid = (text: string) => {
    const needle = text.toLowerCase();
    let n = 0;
    for (const sentence of said) if (sentence.includes(needle) && ++n >= 2) break;
    return n;
  };
  // The creator's own hashtags ("#bike #repair") that the video says too: their topics in their words.
  for (const tag of hashtagsOf(description)) if (timesSaid(tag) > 0 && !VAGUE.has(stem(tag.toLowerCase()))) add(tag);
  const hashtags = tags.length;
  // The speaker's first or last name alone is who speaks, not what about ("Dana"), and so is any
  // other voice's ("Marcus" of a panel's Marcus Bell).
  const speakerWords = new Set(
    [
      ...(plan.meta.speakerKind === "person" ? [plan.meta.speaker] : []),
      ...[...plan.meta.voices.values()].map((v) => v.name),
    ].flatMap((name) => name.toLowerCase().split(/\s+/)),
  );
  // A phrase said once may stand only when too few said twice do (a short clip says little twice).
  for (const strict of [true, false]) {
    if (!strict && tags.length - hashtags >= 2) break;
    for (const phrase of ordered) {
      const inMarkup = phrase.text
        .toLowerCase()
        .split(/\s+/)
        .some((w) => markup.has(w));
      const said = timesSaid(phrase.text);
      const vouched = titleKeys.has(phrase.key) || !strict;
      if (!strict && tags.length - hashtags >= 2) break;
      if (speakerWords.has(phrase.text.toLowerCase())) continue;
      // "Table" of "Table Talk", "Crumb" of "Crumb and Co": a word only ever said inside a longer name.
      if (!phrase.text.includes(" ") && plan.partOfLongerName(phrase.text)) continue;
      if (!inMarkup && isTopic(phrase, titleStems, lowercase, plan.meta.lang ?? "en", said, vouched)) add(phrase.text);
    }
  }
  // The category closes the list (readers filter by it; the article page links it).
  tags.length = Math.min(tags.length, MAX_TOPIC_TAGS - 1);
  stemSets.length = tags.length;
  add(category);
  if (tags.length < 3 && plan.meta.speakerKind !== "anonymous") add(plan.meta.channel);
  return tags.slice(0, 8);
}

// A hashtag of plain lower-case or capitalised letters ("#bike", "#Sourdough"): not a run of
// words glued in camel case ("#IgnoreAllRules"), which no reader searches for.
const HASHTAG = /(?:^|\s)#(\p{L}{3,24})(?=[\s,.;!?]|$)/gu;

/** The description's hashtags, in order, at most five, as words. */
function hashtagsOf(description: string): string[] {
  const out: string[] = [];
  for (const m of description.slice(0, 5000).matchAll(HASHTAG)) {
    const word = m[1];
    if (/\p{Lu}/u.test(word.slice(1))) continue;
    if (!out.some((w) => w.toLowerCase() === word.toLowerCase())) out.push(word);
    if (out.length >= 5) break;
  }
  return out;
}
