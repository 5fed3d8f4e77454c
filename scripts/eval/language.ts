/**
 * A small stop-word scorer for the five languages the sample videos and readers use. Function
 * words are the most frequent words of any text, so a handful per sentence is enough to tell
 * English from Spanish or German; a sentence with too few of them is left unjudged rather than
 * guessed (a heading, a name, a number).
 */

export const LANGUAGES = ["en", "es", "fr", "de", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];

// Words frequent in one language and rare as words in the others. Words two languages share
// ("de", "a", "que", "e", "la", "no", "in") count for both, so they never decide on their own.
const STOP_WORDS: Record<Language, string> = {
  en: "the a in do does like and of to is that it for was on are with as this be at by have from or an they you not but what all were we when your can said there which their if will would about has been who more one so its our them than into these also how he she his her my i me because just it's don't i'm we're you're",
  es: "el la los las de que y a en un una es por con para se del al lo su como más pero sus le ya o este esta sí porque cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno les ni contra otros ese eso había ante ellos e esto mí antes algunos qué unos yo otro otras otra él tanto esa estos mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros mi mis tú te ti tu tus ellas son está",
  fr: "le la les de des du un une et est en que qui dans pour pas sur au aux ce cette il elle ne se plus par avec sont son sa ses mais ou où nous vous leur leurs comme tout été être ont était je tu on mes mon ton y a ces aussi très sans même fait bien peut donc alors",
  de: "der die das und ist nicht ein eine zu den von mit sich des auf für im dem als auch es an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen so zum war haben nur oder aber vor zur bis mehr durch man sein wurde ich wir ihr uns kann wenn was schon sehr hier",
  pt: "o a os as de que e do da em um uma é para com não por mais dos das se na no ao como mas foi ele ela seu sua ou quando muito já também só pelo pela até isso entre depois sem mesmo aos seus quem nas nos me esse eles você essa num nem suas meu às minha numa pelos elas qual nós lhe deles essas esses pelas este dele tu te vocês vos lhes meus minhas está são",
};

const WORDS = new Map<Language, ReadonlySet<string>>(
  LANGUAGES.map((lang) => [lang, new Set(STOP_WORDS[lang].split(/\s+/))]),
);

/** Fewest stop words a text needs, and the lead the winner needs over the runner-up, to be judged. */
const MIN_HITS = 2;
const MIN_LEAD = 1;

/** The language of a text, or null when it has too few function words to tell. */
export function detectLanguage(text: string): Language | null {
  const words = text.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)?/gu) ?? [];
  const scores = LANGUAGES.map((lang) => ({
    lang,
    hits: words.filter((w) => WORDS.get(lang)?.has(w.replace("’", "'"))).length,
  })).sort((a, b) => b.hits - a.hits);
  const [best, second] = scores;
  if (best.hits < MIN_HITS || best.hits - second.hits < MIN_LEAD) return null;
  return best.lang;
}

/** A BCP 47 tag's language when it is one we score ("pt-BR" → "pt"), else null. */
export function scoredLanguage(tag: string | null | undefined): Language | null {
  const primary = tag?.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? "") ? (primary as Language) : null;
}
