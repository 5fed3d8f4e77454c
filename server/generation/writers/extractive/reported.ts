import { LEMMA, thirdPerson } from "./headline-sentence";

/*
 * Reported speech: a speaker's "I" sentence told in the third person ("I picked up extra shifts"
 * -> "Jess picked up extra shifts"), the way a news story alternates what someone said in their
 * words with what they did in its own. English only, and only when the subject "I" is the
 * sentence's one personal word: "my", "we" or "you" anywhere would need a pronoun whose gender or
 * reference the writer cannot know, so such a sentence stays a quotation.
 */

// Any other personal word leaves the sentence as the speaker's own.
const OTHER_PERSONAL =
  /(?:^|[^\p{L}'’])(?:i|i['’](?:m|ve|d|ll)|me|my|mine|myself|we|we['’](?:re|ve|ll|d)|us|our|ours|ourselves|you|you['’](?:re|ve|ll|d)|your|yours|yourself|let['’]s)(?=$|[^\p{L}'’])/iu;

// Talk about the talk ("I also want to mention refinancing") is no news of what anyone did.
const META =
  /\b(?:mention|talk about|talking about|going to|gonna|want to (?:show|say|tell|share|explain|cover|start|go|do))\b/i;

// Openers a reported sentence drops: they tied the sentence to talk, not to the story.
const LEAD = /^(?:so|and|well|honestly|basically|actually|now|okay|ok|anyway|yeah|look)\b[,]?\s+/i;

const CONTRACTION: Record<string, string> = { "i'm": "is", "i've": "has", "i'd": "would", "i'll": "will" };

// Verbs that keep their form after any subject.
const SAME = new Set(
  `was can could will would should must might may can't couldn't won't wouldn't shouldn't mustn't
  did didn't had hadn't wasn't`.split(/\s+/),
);
const CHANGED: Record<string, string> = { am: "is", have: "has", do: "does", "don't": "doesn't", "haven't": "hasn't" };

// Irregular past forms beyond LEMMA's (a past tense needs no change).
const PAST = new Set(
  `went came saw said told thought knew felt left kept put set let read began gave took became
  sat stood heard meant sent spent won lost ate drank drove rode wore chose threw wrote`.split(/\s+/),
);

// Present-tense verbs common enough to be recognised; an unknown word after "I" leaves the
// sentence quoted rather than risk "Jess kind ofs".
const PRESENT = new Set(
  `think know want need like love hate recommend prefer keep make take get go feel believe see try find
  buy put say mean guess hope bake add start use pay work spend save eat cook run mix fold check test
  teach show call tell ask agree disagree remember forget wish expect plan build write read watch
  lift train fix clean change set leave bring choose give hold open close play sell carry`.split(/\s+/),
);

// Adverbs that may stand between "I" and the verb ("I always…", "I never…").
const ADVERB = /^(?:always|never|also|really|just|actually|only|usually|often|still|even|finally|then|first)$/i;

/**
 * The sentence with its speaker as the subject, or null when it cannot be told in the third
 * person without guessing. `who` is how the article names the speaker here ("Jess", "the host"),
 * or a function giving it, asked only once the sentence can be told (naming a speaker the first
 * time spends the full name: Speaker.of).
 */
export function reportedStatement(text: string, who: string | (() => string)): string | null {
  const trimmed = text.trim().replace(LEAD, "");
  const m = /^(I(?:['’](?:m|ve|d|ll))?)\s+(.+)$/u.exec(trimmed);
  if (!m || (typeof who === "string" && !who.trim())) return null;
  const rest = m[2];
  if (OTHER_PERSONAL.test(rest) || /[?"“”]/.test(rest) || META.test(rest)) return null;
  const told = (tail: string): string | null => {
    const name = typeof who === "string" ? who : who();
    return name.trim() ? `${name.charAt(0).toUpperCase()}${name.slice(1)} ${tail}` : null;
  };
  const words = rest.split(" ");
  const isPast = (word: string) => {
    const w = word.toLowerCase().replace("’", "'");
    return SAME.has(w) || PAST.has(w) || LEMMA[w] !== undefined || /^\p{L}{2,}ed$/u.test(w);
  };
  const contracted = m[1].toLowerCase().replace("’", "'");
  if (contracted !== "i") {
    // "I'd never added them up" is "had"; "I'd pick the avalanche" is "would".
    const next = words.find((w) => !ADVERB.test(w)) ?? "";
    const verb = contracted === "i'd" && (isPast(next) || next === "been") ? "had" : CONTRACTION[contracted];
    return told(`${verb} ${rest}`);
  }
  let k = 0;
  while (k < words.length - 1 && k < 2 && ADVERB.test(words[k])) k++;
  const verb = words[k].toLowerCase().replace("’", "'");
  let changed: string;
  if (isPast(verb)) changed = words[k];
  else if (CHANGED[verb]) changed = CHANGED[verb];
  else if (PRESENT.has(verb)) changed = thirdPerson(verb);
  else return null;
  // "I also have" -> "Jess also has": only the verb changes, wherever the adverbs put it.
  return told([...words.slice(0, k), changed, ...words.slice(k + 1)].join(" "));
}
