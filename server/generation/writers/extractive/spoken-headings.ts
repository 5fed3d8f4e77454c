import type { FrameLanguage } from "./frames";
import { CLAUSE_WORDS } from "./keyphrases";
import { PHRASE_STOPWORDS, STOPWORDS, stem } from "./tokens";

/**
 * Headings a speaker gives their own sections: "Now, the chain." / "Alright, fixing a flat." /
 * "Let's talk about which loan to pay first because…" / "Mistake number two: not enough strength
 * in the dough" / a short question ("Is tubeless worth it?"). Such a line names what follows the
 * way an editor would, so it makes a better heading than key phrases glued with "and".
 */

export interface SpokenHeading {
  heading: string;
  /** The heading inside a sentence ("…turns to the chain"), or null (questions, labels). */
  topic: string | null;
  /** Index of the sentence it comes from. */
  at: number;
}

interface LanguageWords {
  /** Words that open a sentence without adding to it ("okay", "so", "now"). */
  markers: ReadonlySet<string>;
  /** Lead-ins after which the topic follows ("let's talk about"), lowercase. */
  leads: readonly string[];
  /** Where a topic after a lead-in ends ("…first because this is…"). */
  cuts: readonly string[];
  /** Pronouns that need an antecedent: a heading may use them only after a noun of its own. */
  pronouns: ReadonlySet<string>;
  /** Determiners a noun phrase may open with. */
  determiners: ReadonlySet<string>;
  /** Labels of a numbered item that is part of a procedure, smaller than a section. */
  stepLabels: ReadonlySet<string>;
  /** Words that make a question read as one without its question mark (auto captions). */
  questionStarts: ReadonlySet<string>;
  /** The masculine accusative article a lead leaves and its nominative (German "den" -> "der"). */
  accusativeMasculine?: readonly [string, string];
  /** Words a whole question opens with ("why", "pourquoi"): not a fragment ("Succeeds but…?"). */
  questionWords: ReadonlySet<string>;
}

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));
const leads = (text: string) => text.split("|");

const LANGUAGES: Record<FrameLanguage, LanguageWords> = {
  en: {
    markers: words(
      "okay ok alright right so now and then well next first firstly finally lastly also but anyway oh um uh",
    ),
    leads: leads(
      "let's talk about|let's talk a bit about|let's look at|let's start with|let's move on to|let's get to|let's turn to|let's cover|let us talk about|i want to talk about|i also want to talk about|i'd like to talk about|i want to mention|i also want to mention|moving on to|on to|now for|time for|what about|how about|one more thing about|a quick word about|a word about|that brings us to|which brings us to",
    ),
    cuts: [
      " because ",
      " since ",
      " so ",
      " but ",
      " which ",
      " that ",
      " and then ",
      " cause ",
      " if ",
      " when ",
      " while ",
      " where ",
      " before ",
      " after ",
      " you know",
      " is ",
      " are ",
    ],
    pronouns: words("i me my we us our it it's its this that these those they them their he him his she her"),
    determiners: words("the a an your"),
    stepLabels: words("step"),
    questionStarts: words("is are does do did should can could will would was were how why"),
    questionWords: words(
      "is are does do did should can could will would was were how why what which who where when whose",
    ),
  },
  es: {
    markers: words("bueno entonces ahora pues y bien vale primero luego después finalmente también pero"),
    leads: leads(
      "vamos a hablar de|vamos a hablar sobre|hablemos de|hablemos ahora de|hablemos sobre|pasemos a|vamos con|qué pasa con|y qué pasa con|qué hay de|y qué hay de",
    ),
    cuts: [" porque ", " pero ", " que ", " cuando ", " si ", " es ", " son "],
    pronouns: words("yo me mi mis nosotros nos nuestro nuestra esto eso ello ellos ellas él ella"),
    determiners: words("el la los las un una"),
    stepLabels: words("paso"),
    questionStarts: words(""),
    questionWords: words(
      "qué cómo cuándo dónde quién quiénes cuál cuáles cuánto cuánta cuántos cuántas por es son está están hay puede pueden",
    ),
  },
  fr: {
    markers: words("alors donc maintenant bon et bien enfin ensuite puis aussi mais"),
    leads: leads(
      "parlons de|parlons maintenant de|parlons un peu de|passons à|passons maintenant à|venons-en à|qu'en est-il de|je veux parler de|je voudrais parler de",
    ),
    cuts: [" parce que ", " car ", " mais ", " qui ", " quand ", " si ", " est ", " sont "],
    pronouns: words("je me mon ma mes nous notre nos ça cela ceci il elle ils elles"),
    determiners: words("le la les l' un une"),
    stepLabels: words("étape"),
    questionStarts: words(""),
    questionWords: words("pourquoi comment quand où qui quel quelle quels quelles combien est-ce que peut-on faut-il"),
  },
  de: {
    markers: words("also jetzt nun und gut okay so dann zuerst schließlich auch aber"),
    // Only leads taking the accusative: after "zu" or "mit" the article is dative ("zu den Kosten").
    leads: leads("reden wir über|sprechen wir über|reden wir jetzt über|sprechen wir jetzt über"),
    cuts: [" weil ", " aber ", " denn ", " wenn ", " dass ", " ist ", " sind "],
    pronouns: words("ich mich mein meine wir uns unser unsere er ihn"),
    determiners: words("der die das ein eine"),
    stepLabels: words("schritt"),
    accusativeMasculine: ["den", "der"],
    questionStarts: words(""),
    questionWords: words(
      "warum wie was wann wo wer welche welcher welches wieso weshalb kann können ist sind gibt muss",
    ),
  },
  pt: {
    markers: words("então agora bem e bom ok primeiro depois finalmente também mas"),
    leads: leads("vamos falar sobre|vamos falar de|falemos de|falemos sobre|passemos para|e quanto a|e o que dizer de"),
    cuts: [" porque ", " mas ", " quando ", " se ", " que ", " é ", " são "],
    pronouns: words("eu me meu minha nós nosso nossa isso isto ele ela eles elas"),
    determiners: words("o a os as um uma"),
    stepLabels: words("passo"),
    questionStarts: words(""),
    questionWords: words(
      "por porque como quando onde quem qual quais quanto quanta quantos quantas o é são está pode podem",
    ),
  },
};

const NUMERAL = words(
  "one two three four five six seven eight nine ten uno dos tres cuatro cinco un deux trois quatre cinq eins zwei drei vier fünf um dois três quatro cinco",
);
const NOT_GERUND = words(
  "thing something nothing anything everything morning evening king ring spring string bring during ceiling sing wing",
);
const ORDINAL_SLOT =
  /^(?:the )?(?:next|first|second|third|last|final|other|biggest|main) (?:step|thing|part|topic|mistake|problem|question|tip|issue|rule)\b/;
// Characters no heading should carry (markup, code, links).
const MARKUP = /[<>{}[\]|=\\/#*_`@]/;

const MAX_WORDS = 8;
// A named topic longer than this is a sentence, not a heading.
const MAX_TOPIC_WORDS = 6;
const FIRST_SINGULAR = words(
  "i i'm i've me my mine yo mi mis je j'ai mon ma mes moi ich mein meine mich mir eu meu minha mim",
);

const tokensOf = (text: string) => text.split(/\s+/).filter(Boolean);
export const bare = (token: string) => token.toLowerCase().replace(/^[¿¡"“'(]+|[.,;:!?"”')]+$/g, "");

/** A word that carries meaning (not a function word, vague noun or common verb). */
export function isContent(word: string): boolean {
  const lower = bare(word);
  return isWord(word) && !PHRASE_STOPWORDS.has(lower);
}

/** Not a function word or clause word: a noun, adjective or verb ("side" and "first" included). */
export function isWord(word: string): boolean {
  const lower = bare(word);
  return /\p{L}{2}/u.test(lower) && !STOPWORDS.has(lower) && !CLAUSE_WORDS.has(lower) && !/\d/.test(lower);
}

// Words a heading cannot end on: it was cut off mid-phrase ("The cost of the").
const DANGLING = words(
  "the a an of to for with in on at and or but by from your my our their this that el la los las de del y o en con por para le les du des et ou à au der die das den dem und oder mit von zu os as e ou em com um uma no na do da",
);

/** Drops opening markers ("Okay, so now, …") and a vocative name ("Dana, what did…"). */
export function stripMarkers(text: string, lang: FrameLanguage): string {
  const language = LANGUAGES[lang];
  let rest = text.trim();
  for (let guard = 0; guard < 6; guard++) {
    const match = /^([\p{L}']+)(,?)\s+/u.exec(rest);
    if (!match) break;
    const word = match[1].toLowerCase();
    const vocative = match[2] === "," && /^\p{Lu}\p{Ll}+$/u.test(match[1]) && guard === 0;
    if (!language.markers.has(word) && !vocative) break;
    rest = rest.slice(match[0].length);
  }
  return rest;
}

/** The topic ends at the first clause break after its first word. */
function cutTopic(text: string, language: LanguageWords): string {
  let end = text.search(/[,;:.!?()"“”—–]|\s-\s/);
  if (end < 0) end = text.length;
  const lower = ` ${text.toLowerCase()} `;
  for (const cut of language.cuts) {
    const at = lower.indexOf(cut, 2);
    if (at > 1 && at - 1 < end) end = at - 1;
  }
  return text.slice(0, end).trim();
}

/** No pronoun before a noun of the heading's own ("Fixing it", "Why does it matter"). */
function pronounsResolved(tokens: readonly string[], language: LanguageWords, allowed?: ReadonlySet<string>): boolean {
  let noun = false;
  for (let i = 0; i < tokens.length; i++) {
    const word = bare(tokens[i]);
    // "Is tubeless worth it?": the idiom's "it" refers to nothing.
    if (word === "it" && i > 0 && bare(tokens[i - 1]) === "worth") continue;
    if (language.pronouns.has(word) && !noun && !allowed?.has(word)) return false;
    // "my account" is the speaker's, whoever reads the heading.
    if (FIRST_SINGULAR.has(word)) return false;
    // A gerund is no antecedent ("Cutting into it").
    if (isWord(tokens[i]) && !/ing$/.test(word)) noun = true;
  }
  return true;
}

interface Shape {
  /** The words must form a noun or gerund phrase (a bare announcement), not any clause. */
  phrase: boolean;
  english: boolean;
}

/** A noun phrase ("the chain") or gerund phrase ("fixing a flat"): no clause words. */
function isPhrase(tokens: readonly string[], language: LanguageWords, english: boolean): boolean {
  if (tokens.length === 0 || tokens.length > 5) return false;
  const first = bare(tokens[0]);
  const gerund = english && /^\p{L}{2,}ing$/u.test(first) && !NOT_GERUND.has(first);
  if (!gerund && !language.determiners.has(first)) return false;
  const linking = words("of for to with on in a an the de del des du von für do da");
  let content = 0;
  for (let i = 1; i < tokens.length; i++) {
    const word = bare(tokens[i]);
    if (isWord(tokens[i])) content++;
    else if (!linking.has(word) && !language.determiners.has(word)) return false;
  }
  return content > 0 && isWord(tokens[tokens.length - 1]);
}

/**
 * Turns the words a speaker names a section with into a heading, or null when they do not make
 * one: too long or too short, a pronoun without antecedent, a dangling last word, markup, or no
 * word the section keeps coming back to (`relevant`).
 */
function finish(
  raw: string,
  language: LanguageWords,
  relevant: (stem: string) => boolean,
  shape: Shape,
): { heading: string; topic: string } | null {
  let tokens = tokensOf(raw.replace(/[.,;:!?]+$/, ""));
  if (tokens.length === 0 || MARKUP.test(raw)) return null;
  // "my budget" -> "the budget": the speaker's "my" is nobody's in a heading.
  if (shape.english && /^(?:my|our|their)$/i.test(tokens[0])) tokens = ["the", ...tokens.slice(1)];
  if (shape.english && /^(?:a|an)$/i.test(tokens[0]) && tokens.length > 1) tokens = ["the", ...tokens.slice(1)];
  // "über den Preis" -> "Der Preis": a heading names its subject in the nominative.
  if (language.accusativeMasculine && tokens[0] === language.accusativeMasculine[0]) {
    tokens = [language.accusativeMasculine[1], ...tokens.slice(1)];
  }
  if (shape.phrase && !isPhrase(tokens, language, shape.english)) return null;
  if (tokens.length < 2 || tokens.length > MAX_TOPIC_WORDS) return null;
  if (DANGLING.has(bare(tokens[tokens.length - 1])) || language.pronouns.has(bare(tokens[tokens.length - 1]))) {
    return null;
  }
  if (!pronounsResolved(tokens, language)) return null;
  if (!tokens.some((t) => isContent(t) && relevant(stem(bare(t))))) return null;
  const topic = tokens.join(" ");
  return { heading: topic.charAt(0).toUpperCase() + topic.slice(1), topic };
}

// "We" in a question is everyone ("What can we do?"), so it needs no antecedent there.
const WE = words("we nosotros nous wir nós");

/** A short question the speaker asks ("Is tubeless worth it?"), as a heading. */
// Contracted question words ("what's next for you?"): only in a question put to someone, since a
// speaker's own "What's up, everybody" greets rather than asks.
const CONTRACTED_QUESTION = words("what's how's where's who's");

function questionHeading(
  text: string,
  lang: FrameLanguage,
  relevant: (stem: string) => boolean,
  put = false,
): string | null {
  const language = LANGUAGES[lang];
  // A caption line may hold a statement and then the question: the question is the last sentence.
  const last = text.trim().split(/[.!]\s+(?=[¿\p{Lu}])/u);
  const sentence = last[last.length - 1];
  const spanish = sentence.startsWith("¿");
  const body = stripMarkers(sentence.replace(/^¿/, ""), lang);
  const marked = /\?\s*$/.test(body);
  let tokens = tokensOf(body.replace(/[?.!]+\s*$/, ""));
  // "¿Y nosotros qué podemos hacer?" -> "¿Qué podemos hacer?"; only a marked question, since
  // "we were playing not to lose" (auto captions) is a statement, not "Were playing…?".
  if (marked && WE.has(bare(tokens[0] ?? "")) && language.questionWords.has(bare(tokens[1] ?? "")))
    tokens = tokens.slice(1);
  const opener = bare(tokens[0] ?? "");
  const unmarkedQuestion = language.questionStarts.has(opener) && tokens.length <= 7;
  if (!marked && !unmarkedQuestion) return null;
  // A whole question, not the tail of one ("Succeeds but the response is lost?") nor two sentences.
  const asks = language.questionWords.has(opener) || (put && CONTRACTED_QUESTION.has(opener));
  if (!asks || /[.!?¿¡]/.test(tokens.join(" "))) return null;
  // "Could you use the microphone?" asks someone in the room, not about the topic.
  if (bare(tokens[1] ?? "") === "you" && /^(?:can|could|would|will)$/.test(opener)) return null;
  // "What are you seeing there?": a hand-over to someone on the spot, not the section's subject.
  if (tokens.some((t) => bare(t) === "you") && /^(?:there|here)$/.test(bare(tokens[tokens.length - 1] ?? "")))
    return null;
  if (tokens.length < 3 || tokens.length > 9 || MARKUP.test(body) || /[,;:]/.test(tokens.slice(0, -1).join(" "))) {
    return null;
  }
  if (!pronounsResolved(tokens, language, WE)) return null;
  if (!tokens.some((t) => isContent(t) && relevant(stem(bare(t))))) return null;
  const question = tokens.join(" ");
  // Spanish opens every question with its mark, whether the captions wrote it or not.
  return `${spanish || lang === "es" ? "¿" : ""}${question.charAt(0).toUpperCase()}${question.slice(1)}?`;
}

/** "Mistake number two: not enough strength in the dough" -> "Mistake two: not enough strength in the dough". */
function labelHeading(text: string, language: LanguageWords, relevant: (stem: string) => boolean): string | null {
  const match = /^([\p{L}]{3,20}) (?:number |nummer |número |numéro )?([\p{L}\d]{1,8}):\s+(.{3,120})$/u.exec(text);
  if (!match) return null;
  const [, label, numeral, rest] = match;
  if (language.stepLabels.has(label.toLowerCase())) return null;
  if (!NUMERAL.has(numeral.toLowerCase()) && !/^\d{1,2}$/.test(numeral)) return null;
  const item = rest.replace(/[.!]+$/, "").trim();
  const tokens = tokensOf(item);
  if (tokens.length < 2 || tokens.length > MAX_WORDS || MARKUP.test(item) || /[.;:!?]/.test(item)) return null;
  if (!pronounsResolved(tokens, language)) return null;
  if (!tokens.some((t) => isContent(t) && relevant(stem(bare(t))))) return null;
  const head = label.charAt(0).toUpperCase() + label.slice(1).toLowerCase();
  return `${head} ${numeral.toLowerCase()}: ${item}`;
}

// What an interviewer's "you" asks with, and the form it takes for someone named ("did you" ->
// "did Tully", "are you" -> "is Bello").
const THIRD_PERSON: Record<string, string> = { do: "does", are: "is", were: "was", have: "has" };
// Words that call on someone before the question ("Coach, …", "Doctor, …"), besides names.
const ROLES = words("coach captain doctor dr professor chef sir madam senator minister mayor chief officer");
// An interviewer's request to tell about something ("take us through the last possession").
const TELL_US = /^(?:take|walk|talk)\s+(?:us|me)\s+through\s+|^tell\s+(?:us|me)\s+(?:about\s+)?/i;

/**
 * An interviewer's question or request as a heading about the person it calls on (English):
 * "Coach, what did you change?" -> "What did Tully change?"; "Aisha, what's next for you?" ->
 * "What's next for Bello?"; "Take us through the last possession" -> "The last possession". The
 * words calling on someone go; "you" becomes the person's name, with its verb agreeing. Null when
 * the question cannot be put that way ("you're", "yourself", a "you" with nobody named).
 */
function addressedHeading(text: string, name: string | null): Omit<SpokenHeading, "at"> | null {
  if (text.length > 200) return null;
  let tokens = tokensOf(text.trim());
  // "Coach, …", "Aisha, …", "Coach Tully, …": at most two words calling on someone.
  for (let k = Math.min(2, tokens.length - 1); k >= 1; k--) {
    const calling = tokens.slice(0, k).map(bare);
    const named = calling.every((w, i) => ROLES.has(w) || (/^\p{Lu}/u.test(tokens[i]) && !STOPWORDS.has(w)));
    const next = bare(tokens[k]);
    const asks = LANGUAGES.en.questionWords.has(next) || CONTRACTED_QUESTION.has(next);
    if (named && (asks || TELL_US.test(tokens.slice(k).join(" ")))) {
      tokens = tokens.slice(k);
      break;
    }
  }
  const rest = tokens.join(" ");
  const request = TELL_US.exec(rest);
  if (request) {
    const done = finish(rest.slice(request[0].length), LANGUAGES.en, () => true, { phrase: true, english: true });
    return done ? { heading: done.heading, topic: null } : null;
  }
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = bare(tokens[i]);
    const trail = tokens[i].slice(tokens[i].toLowerCase().lastIndexOf(word) + word.length);
    if (/^(?:you're|you've|you'll|you'd|yourself|yourselves|y'all)$/.test(word)) return null;
    if (word !== "you" && word !== "your") {
      out.push(tokens[i]);
      continue;
    }
    if (!name) return null;
    // "How do you rebuild your defence?" -> "How does Tully rebuild the defence?"
    if (word === "your") {
      out.push(out.some((t) => bare(t) === name.toLowerCase()) ? `the${trail}` : `${name}'s${trail}`);
      continue;
    }
    const before = bare(out[out.length - 1] ?? "");
    if (THIRD_PERSON[before])
      out[out.length - 1] = out[out.length - 1].replace(/^(\W*)\w+/, `$1${THIRD_PERSON[before]}`);
    out.push(`${name}${trail}`);
  }
  const rewritten = out.join(" ");
  if (rewritten === text.trim()) return null;
  // "Did you think about that tonight?": what "that" is, the heading cannot say.
  if (out.some((t) => LANGUAGES.en.pronouns.has(bare(t)) && bare(t) !== "we")) return null;
  // A question put to someone is what their answer is about: no word of it need recur.
  const asked = /\?\s*$/.test(rewritten) ? rewritten : `${rewritten.replace(/[.!]+$/, "")}?`;
  const question = questionHeading(asked, "en", () => true, true);
  return question ? { heading: question, topic: null } : null;
}

/**
 * The spoken heading one sentence gives, if any. `asked` is the name of the person an
 * interviewer's sentence calls on (the next answer's speaker), for a question put to them; null
 * for a sentence no interviewer says.
 */
export function spokenHeading(
  text: string,
  lang: FrameLanguage,
  relevant: (stem: string) => boolean,
  asked?: { name: string | null },
): Omit<SpokenHeading, "at"> | null {
  if (text.length > 240) return null;
  if (asked && lang === "en") {
    const put = addressedHeading(text, asked.name);
    if (put) return put;
  }
  const language = LANGUAGES[lang];
  const english = lang === "en";
  const body = stripMarkers(text, lang);
  const lower = body.toLowerCase();
  const label = labelHeading(body, language, relevant);
  if (label) return { heading: label, topic: null };
  for (const lead of language.leads) {
    if (!lower.startsWith(`${lead} `)) continue;
    const topic = cutTopic(body.slice(lead.length + 1), language);
    const done = finish(topic, language, relevant, { phrase: false, english });
    if (done) return done;
  }
  // "The next step was a budget", "The other thing that goes wrong is the cable stretching".
  if (english && ORDINAL_SLOT.test(lower)) {
    const verb = /\s(?:is|was)\s/.exec(lower.slice(0, 60));
    if (verb) {
      const topic = cutTopic(body.slice(verb.index + verb[0].length), language);
      const done = finish(topic, language, relevant, { phrase: true, english });
      if (done) return done;
    }
  }
  const question = questionHeading(text, lang, relevant);
  if (question) return { heading: question, topic: null };
  // A bare announcement after a marker: "Now, the chain." / "Alright fixing a flat."
  if (body !== text.trim() || (english && /^\p{L}+ing\s/u.test(body))) {
    const done = finish(body, language, relevant, { phrase: true, english });
    if (done) return done;
  }
  return null;
}

/**
 * The spoken headings of a stretch of sentences, in order. `from` may reach back before the
 * section: a line at the very end of the previous section ("So, what about an emergency fund?")
 * announces this one.
 */
export function spokenHeadings(
  sentences: readonly string[],
  from: number,
  to: number,
  lang: FrameLanguage,
  relevant: (stem: string) => boolean,
  asked?: ReadonlyMap<number, { name: string | null }>,
): SpokenHeading[] {
  const out: SpokenHeading[] = [];
  for (let i = Math.max(0, from); i < Math.min(to, sentences.length); i++) {
    const found = spokenHeading(sentences[i], lang, relevant, asked?.get(i));
    if (found) out.push({ ...found, at: i });
  }
  return out;
}
