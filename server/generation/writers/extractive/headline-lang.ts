import type { FrameLanguage } from "./frames";

/*
 * Headlines in Spanish, French, German and Portuguese: a statement of the video's point, in
 * sentence case as those languages write headlines, and a few promises of what the reader learns
 * ("Claves para entender la inflación"). No English word, and no grammar beyond what a noun
 * phrase with its article needs.
 */

type Other = Exclude<FrameLanguage, "en">;

interface HeadlineWords {
  /** Words that point back to something said before ("esa cesta", "cette idée"). */
  pointing: RegExp;
  /** Articles and determiners a sentence opens its subject with. */
  articles: RegExp;
  /** Openings that make a sentence depend on another: connectives, subordinators, demonstratives. */
  dependent: RegExp;
  /** Where a sentence's main clause ends: a comma before one of these words. */
  clauseEnd: RegExp;
  /** A finite verb or participle, roughly (common forms and endings): a news headline has one. */
  verb: RegExp;
  /** When, said before the subject ("Ce soir, le conseil…"): the headline starts after it. */
  when: RegExp;
  /** A promise of what the reader learns about a topic (the topic with its article). */
  understand(topic: string): string;
  and: string;
  /** "Who explains topics": the last resort of a news headline. */
  explains(who: string, topics: string): string;
  /** How to make a dish ("Cómo hacer pão de queijo"), given the dish with its article. */
  recipe(dish: string): string;
  /** "La receta de…", "Das Rezept für…": a tagline's opening before the dish it names. */
  recipeOf: RegExp;
  /** Where the dish's name ends in a tagline: a comma, "with", "from my grandmother". */
  dishEnd: RegExp;
}

const WORDS: Record<Other, HeadlineWords> = {
  es: {
    pointing: /(?:^|\s)(?:este|esta|estos|estas|ese|esa|esos|esas|eso|esto|aquel|aquella|ahí|allí)(?=[\s,.;:]|$)/iu,
    articles: /^(?:el|la|los|las|un|una|unos|unas|todo|toda|todos|todas|muchos|muchas|algunos|algunas)$/i,
    dependent:
      /^(?:y|o|pero|porque|pues|cuando|si|aunque|entonces|además|así|por eso|por lo tanto|sin embargo|mientras|como|que|este|esta|estos|estas|ese|esa|esos|esas|eso|esto|aquí|ahí|allí|también|luego|después|antes)(?=[\s,]|$)/iu,
    clauseEnd: /,\s*(?:que|porque|pero|y|aunque|mientras|según|dijo|explica|afirma)(?=[\s,]|$)|;|:\s|\s[—–-]\s/iu,
    verb: /(?<![\p{L}])(?:es|son|era|fue|fueron|está|están|ha|han|va|van|hay|puede|pueden|debe|deben|tiene|tienen|\p{L}+(?:ado|ada|ados|adas|ido|ida|idos|idas|an|en|ó|aba|aban|ará|arán))(?![\p{L}])/iu,
    when: /^(?:hoy|ayer|esta (?:noche|mañana|tarde|semana)|este (?:año|mes|lunes|martes|miércoles|jueves|viernes|sábado|domingo))\s*,?\s+/iu,
    understand: (topic) => `Claves para entender ${topic}`,
    and: "y",
    explains: (who, topics) => `${who} explica ${topics}`,
    recipe: (dish) => `Cómo hacer ${bareDish(dish, WORDS.es.articles)}`,
    recipeOf: /^(?:la |mi |nuestra )?receta (?:de |del )/iu,
    dishEnd: /,|\.|;|:|\s(?:con|de mi|de mis|de la abuela|del abuelo|para|en)\s/iu,
  },
  fr: {
    pointing: /(?:^|\s)(?:ce|cet|cette|ces|cela|ça|celui|celle|ceux|là)(?=[\s,.;:]|$)/iu,
    articles: /^(?:le|la|les|l['’]\p{L}+|un|une|des|tout|toute|tous|toutes|beaucoup)$/iu,
    dependent:
      /^(?:et|ou|mais|parce|car|quand|si|s['’]il|bien que|alors|donc|ainsi|aussi|pourtant|cependant|comme|que|qu['’]|ce|cet|cette|ces|cela|ça|ici|là|puis|ensuite|après|avant)(?=\s|$|\p{L})/iu,
    clauseEnd: /,\s*(?:qui|que|parce|mais|et|car|selon|a dit|explique|affirme)(?=[\s,]|$)|;|:\s|\s[—–-]\s/iu,
    verb: /(?<![\p{L}])(?:est|sont|était|étaient|a|ont|avait|va|vont|fait|font|peut|peuvent|doit|doivent|faut|reste|restent|devient|\p{L}+(?:é|ée|és|ées|ent|ait|aient|era|eront|it))(?![\p{L}])/iu,
    when: /^(?:ce soir|ce matin|aujourd['’]hui|hier|cette (?:semaine|année|nuit)|cet après-midi)\s*,?\s+/iu,
    understand: (topic) => `Comprendre ${topic}`,
    and: "et",
    explains: (who, topics) => `${who} explique ${topics}`,
    // French needs the dish's article ("la tarte"): without one there is no headline.
    recipe: (dish) => (/^(?:la|le|les|l['’])\s?/iu.test(dish) ? `Comment réussir ${lowerFirst(dish)}` : ""),
    recipeOf: /^(?:la |ma |notre )?recette (?:de la |du |des |de l['’]|de |d['’])/iu,
    dishEnd: /,|\.|;|:|\s(?:avec|de ma|de mon|de mes|de la grand-mère|pour|en)\s/iu,
  },
  de: {
    pointing: /(?:^|\s)(?:dieser|diese|dieses|diesen|diesem|jener|jene|jenes|dort|damit|dafür|dabei)(?=[\s,.;:]|$)/iu,
    articles: /^(?:der|die|das|ein|eine|viele|alle)$/i,
    dependent:
      /^(?:und|oder|aber|weil|denn|wenn|als|ob|obwohl|dann|also|deshalb|darum|deswegen|trotzdem|dieser|diese|dieses|das ist|hier|da|dort|auch|danach|vorher|so)(?=[\s,]|$)/iu,
    clauseEnd: /,\s*(?:die|der|das|weil|aber|und|wenn|dass|sagte|erklärt|laut)(?=[\s,]|$)|;|:\s|\s[—–-]\s/iu,
    // German writes nouns with a capital: a lower-case word ending as verbs end is one.
    verb: /(?<![\p{L}])(?:ist|sind|war|waren|hat|haben|wird|werden|kann|können|muss|müssen|soll|\p{Ll}+(?:t|en|te|ten))(?![\p{L}])/u,
    when: /^(?:heute|gestern|heute abend|diese woche|dieses jahr)\s*,?\s+/iu,
    // German puts the verb last in a clause; a bare noun and "verstehen" needs no case.
    understand: (topic) => `${topic.charAt(0).toUpperCase()}${topic.slice(1)} verstehen`,
    and: "und",
    explains: (who, topics) => `${who} erklärt ${topics}`,
    // "Brot selbst backen" is how German promises a recipe; the noun needs no case.
    recipe: (dish) => `${capitalFirst(bareDish(dish, WORDS.de.articles))} selbst machen`,
    recipeOf: /^(?:das |mein |unser )?rezept (?:für |von )(?:den |die |das |einen |eine |ein )?/iu,
    dishEnd: /,|\.|;|:|\s(?:mit|von meiner|von meinem|nach|für|aus)\s/iu,
  },
  pt: {
    pointing: /(?:^|\s)(?:este|esta|estes|estas|esse|essa|esses|essas|isso|isto|aquele|aquela|aí|ali)(?=[\s,.;:]|$)/iu,
    articles: /^(?:o|a|os|as|um|uma|uns|umas|todo|toda|todos|todas|muitos|muitas)$/i,
    dependent:
      /^(?:e|ou|mas|porque|pois|quando|se|embora|então|assim|além|por isso|portanto|no entanto|enquanto|como|que|este|esta|estes|estas|esse|essa|esses|essas|isso|isto|aqui|aí|ali|também|depois|antes)(?=[\s,]|$)/iu,
    clauseEnd: /,\s*(?:que|porque|mas|e|embora|enquanto|segundo|disse|explica|afirma)(?=[\s,]|$)|;|:\s|\s[—–-]\s/iu,
    verb: /(?<![\p{L}])(?:é|são|era|foi|foram|está|estão|tem|têm|vai|vão|pode|podem|deve|devem|\p{L}+(?:ou|eu|iu|ado|ada|ados|adas|ido|ida|idos|idas|am|em|ava|avam|ará|arão))(?![\p{L}])/iu,
    when: /^(?:hoje|ontem|hoje à noite|esta (?:semana|noite)|este ano)\s*,?\s+/iu,
    // "Entenda o queijo", but a noun the video never gives an article reads better after "sobre".
    understand: (topic) => (/^(?:o|a|os|as)\s/i.test(topic) ? `Entenda ${topic}` : `O que saber sobre ${topic}`),
    and: "e",
    explains: (who, topics) => `${who} explica ${topics}`,
    recipe: (dish) => `Como fazer ${bareDish(dish, WORDS.pt.articles)}`,
    recipeOf: /^(?:a |minha |nossa )?receita (?:de |do |da |dos |das )/iu,
    dishEnd: /,|\.|;|:|\s(?:com|da minha|do meu|da vó|da avó|para|em)\s/iu,
  },
};

// The verbs a tagline that states something has ("La tarte est simple", "Das Brot ist fertig").
const COPULA =
  /(?<![\p{L}])(?:es|son|está|están|era|fue|hay|est|sont|était|ont|ist|sind|war|hat|wird|é|são|foi|tem|há|hace|fait|macht|faz|vamos|on va|wir)(?![\p{L}])/iu;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const capitalFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A dish without its article ("el pan" -> "pan"): Spanish, Portuguese and German say "how to make bread". */
const bareDish = (dish: string, articles: RegExp) => {
  const [first, ...rest] = dish.split(/\s+/);
  return articles.test(first) && rest.length > 0 ? rest.join(" ") : dish;
};

/**
 * How to make the dish a recipe's description names in its opening line ("A receita de pão de
 * queijo da minha avó, com…" -> "Como fazer pão de queijo"; "La tarte aux abricots de ma
 * grand-mère, avec…" -> "Comment réussir la tarte aux abricots"), or null when the line names
 * no dish: a name of one to six words, after "the recipe for" or opening on an article, with no
 * verb of its own.
 */
export function recipeHeadline(tagline: string, lang: Other, options: { anywhere?: boolean } = {}): string | null {
  const w = WORDS[lang];
  const line = tagline.slice(0, 300).replace(/\s+/g, " ").trim();
  // "Ça faisait des mois… : voici LA recette de galettes de sarrasin de ma grand-mère": with
  // `anywhere`, the recipe may be named after the tagline's opening.
  const inside = options.anywhere
    ? new RegExp(`(?:^|\\s)${w.recipeOf.source.replace(/^\^/, "")}`, "iu").exec(line)
    : null;
  const after = inside ? line.slice((inside.index ?? 0) + inside[0].length) : line.replace(w.recipeOf, "");
  const named = after !== line;
  const dish = after.split(w.dishEnd)[0].trim();
  const words = dish.split(" ");
  if (!dish || words.length > 6 || /[?¿!¡"“”«»<>{}[\]|#@]/.test(dish)) return null;
  if (!named && !w.articles.test(words[0])) return null;
  // "La tarte est simple": a sentence, not a dish.
  if (COPULA.test(dish)) return null;
  const articled = named && lang === "fr" ? withArticleFrom(dish, [line], lang) : dish;
  // "recette de galettes de sarrasin": a plural dish said without its article takes "les".
  const plural =
    lang === "fr" && articled === dish && named && /^\p{Ll}+[sx]$/u.test(words[0]) ? `les ${dish}` : articled;
  const headline = w.recipe(plural);
  return headline && headline.length <= 80 ? headline : null;
}

/** Whether the language has headline words of its own here. */
export function hasHeadlineWords(lang: string | null | undefined): lang is Other {
  return lang === "es" || lang === "fr" || lang === "de" || lang === "pt";
}

/**
 * A news headline from one sentence in Spanish, French, German or Portuguese: its main clause
 * (before a subordinate clause, an attribution or a colon), without the final period, in
 * sentence case, 4 to 14 words. The sentence must open on its subject: an article or one of the
 * video's names (`names`, lowercase). Null for a question, a sentence that leans on another
 * ("Por eso…", "Cette…") or one too long to cut.
 */
export function statementHeadline(
  sentence: string,
  lang: Other,
  names: ReadonlySet<string> = new Set(),
): string | null {
  const w = WORDS[lang];
  let s = sentence
    .slice(0, 400)
    .replace(/\s*\([^)]*\)/g, "")
    .replace(/["“”«»„]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!s || /[?¿]/.test(s) || /[<>{}[\]|`]/.test(s)) return null;
  s = s
    .replace(w.when, "")
    .split(w.clauseEnd)[0]
    .replace(/[.!…]+$/, "")
    .trim();
  if (w.dependent.test(s) || w.pointing.test(s)) return null;
  // A long claim ends at its first comma when what comes before is a clause of its own ("Das Mehl
  // ist um dreißig Prozent teurer geworden, beim Roggenmehl sogar noch etwas mehr"): a headline
  // says the news, the article gives the rest.
  // A clause cut off before its "que"/"dass" clause has its verb says nothing ("A orientação é que
  // os moradores dos bairros Beira-Rio").
  const complete = (head: readonly string[]) => {
    const k = head.findLastIndex((t) => COMPLEMENTIZER.test(t));
    return k < 0 || w.verb.test(head.slice(k + 1).join(" "));
  };
  const comma = s.indexOf(", ");
  if (s.split(" ").length > 10 && comma > 0) {
    const head = s.slice(0, comma).split(" ");
    if (head.length >= 4 && w.verb.test(head.slice(1).join(" ")) && complete(head)) s = head.join(" ");
  }
  // "O rio subiu quase dois metros em 24 horas e a Defesa Civil emitiu…": past fourteen words,
  // the first of two joined clauses.
  const joined = SECOND_CLAUSE.exec(s);
  if (s.split(" ").length > 14 && joined) {
    const head = s.slice(0, joined.index).split(" ");
    if (head.length >= 4 && w.verb.test(head.slice(1).join(" ")) && complete(head)) s = head.join(" ");
  }
  const tokens = s.split(" ");
  if (tokens.length < 4 || tokens.length > 14) return null;
  const first = tokens[0].toLowerCase();
  const named = [...names].some((n) => s.toLowerCase().startsWith(`${n} `));
  if (!w.articles.test(first) && !named) return null;
  // "Le débat après le vote, avec Claire Fontaine…" names a subject and says nothing of it.
  if (!w.verb.test(tokens.slice(1).join(" "))) return null;
  const text = s.charAt(0).toUpperCase() + s.slice(1);
  return text.length <= 90 ? text : null;
}

// "que", "dass": a clause opens that needs its verb.
const COMPLEMENTIZER = /^(?:que|qu['’]\p{L}*|dass)$/iu;
// "… e a Defesa Civil emitiu…", "… y el banco subió…", "… et la ville a…", "… und die Stadt hat…".
const SECOND_CLAUSE = /\s(?:e|y|et|und)\s(?=(?:o|a|os|as|el|la|los|las|le|les|der|die|das)\s)/iu;

// Adjectives that come between an article and its noun ("le nouveau plan", "la nueva ley").
const PRE_NOUN_ADJECTIVE =
  /(?<=\s|^)(?:nouveau|nouvel|nouvelle|nouveaux|premier|première|grand|grande|petit|petite|nuevo|nueva|nuevos|nuevas|gran|primer|primera|novo|nova|novos|novas|primeiro|primeira)\s$/u;

/**
 * The topic as the video says it, with the article it most often has before it ("inflación" ->
 * "la inflación"); the bare phrase when the text never gives it one.
 */
export function withArticleFrom(topic: string, texts: readonly string[], lang: Other): string {
  const lower = topic.toLowerCase();
  // "les ingrédients" (a chapter's title) has its article already.
  const first = /^(\p{L}+)\s|^(l['’])/u.exec(lower);
  if (first && WORDS[lang].articles.test(first[1] ?? first[2])) return topic;
  const counts = new Map<string, number>();
  const articles = WORDS[lang].articles;
  for (const text of texts.slice(0, 400)) {
    const hay = text.toLowerCase();
    let at = hay.indexOf(lower);
    let guard = 0;
    while (at >= 0 && guard++ < 20) {
      // "las casas" is no article of "casa", nor "os alertas" of "alerta": the whole word only.
      if (/\p{L}/u.test(hay.charAt(at + lower.length))) {
        at = hay.indexOf(lower, at + lower.length);
        continue;
      }
      // "le nouveau plan vélo" gives "plan vélo" its "le" too.
      const before = hay.slice(Math.max(0, at - 24), at).replace(PRE_NOUN_ADJECTIVE, "");
      const m = /(\p{L}+)\s$|(l['’])$/u.exec(before);
      const article = m ? (m[1] ?? m[2]) : "";
      if (
        article &&
        (articles.test(article) || /^l['’]$/.test(article)) &&
        !/^(?:un|une|des|una|unos|unas|um|uma|uns|umas|ein|eine|cada|todo|toda|tout|toute)$/i.test(article)
      )
        counts.set(article, (counts.get(article) ?? 0) + 1);
      at = hay.indexOf(lower, at + lower.length);
    }
  }
  const best = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  if (!best || lang === "de") return topic;
  return /['’]$/.test(best) ? `${best}${topic}` : `${best} ${topic}`;
}

/** "a", "a y b" in the language. */
function pair(items: readonly string[], and: string): string {
  return items.length < 2 ? (items[0] ?? "") : `${items[0]} ${and} ${items[1]}`;
}

/** Promises of what the reader learns about the video's topics, in its language. */
export function promiseHeadlines(topics: readonly string[], lang: Other): string[] {
  const w = WORDS[lang];
  const out: string[] = [];
  // "le vélo et le vélo électrique" says one thing twice: a pair only of two different topics.
  const bare = (t: string) => t.toLowerCase().replace(/^(?:el|la|los|las|le|les|l['’]|der|die|das|o|a|os|as)\s*/u, "");
  const distinct =
    topics.length >= 2 && !bare(topics[1]).includes(bare(topics[0])) && !bare(topics[0]).includes(bare(topics[1]));
  if (distinct) out.push(w.understand(pair(topics.slice(0, 2), w.and)));
  // The fuller of two topics that say one thing ("le vélo électrique", not "le vélo").
  const single = topics.length >= 2 && !distinct && topics[1].length > topics[0].length ? topics[1] : topics[0];
  if (single) out.push(w.understand(single));
  return out;
}

/** "Who explains a and b": a news headline with a verb when no sentence states the point. */
export function explainsHeadline(who: string, topics: readonly string[], lang: Other): string | null {
  if (!who || topics.length === 0) return null;
  const w = WORDS[lang];
  return w.explains(who, pair(topics.slice(0, 2), w.and));
}
