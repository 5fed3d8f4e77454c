/**
 * Words, stopwords and a light stemmer shared by the extractive writer's ranking, segmentation
 * and key-phrase code. English is the main case; common function words of a few other languages
 * are listed too, so a Spanish or German transcript still ranks on its content words.
 */

const ENGLISH = `a about above after again against all almost also although always am among an and another any
anybody anyone anything anyway anyways are aren't around as at back be became because become been before
being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't done
down during each either else enough even ever every everybody everyone everything few for from further get
gets getting go goes going gone gonna got gotta had hadn't has hasn't have haven't having he he'd he'll he's
her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it
it'd it'll it's its itself just kind kinda least less let let's like likely lot lots made make makes making
many may maybe me might mine more most much must my myself need needs neither never no nobody none nor not
nothing now of off often oh ok okay on once one ones only onto or other others otherwise our ours ourselves
out over own per perhaps please pretty put quite rather really right said same say saying says see seen
several shall she she'd she'll she's should shouldn't since so some somebody someone something sometimes
somewhat sort still stuff such sure take than that that's the their theirs them themselves then there
there's these they they'd they'll they're they've thing things think this those though through thus till to
today together too toward towards try trying um uh under unless until up upon us use used using very via
want wanna wants was wasn't way ways we we'd we'll we're we've well went were weren't what what's whatever
when when's where where's whether which while who who's whoever whole whom whose why why's will with within
without won't would wouldn't yeah yes yet you you'd you'll you're you've your yours yourself yourselves
actually basically literally guys hey hi hello alright mean means meant know knew knowing look looking
looks thank thanks thats youre dont doesnt didnt cant wont isnt arent im ive id ill theyre weve lets
gonna wanna kinda sorta gotta going got get go come comes came coming give gives gave tell tells told
good great bit little big lot able also again else etc vs via plenty`;

const OTHER = `el la los las un una unos unas de del al y o pero que en por para con sin se su sus es son
fue era ser estar está están como más muy ya lo le les me mi mis tu te nos este esta estos estas ese esa eso
hay también porque cuando donde sobre entre hasta desde todo todos toda todas nada algo así bien sí no
le la les des du de et ou mais que qui dans par pour avec sans se sa son ses est sont était être avoir a
au aux ce cet cette ces il elle ils elles nous vous je tu on ne pas plus très comme aussi donc alors tout
tous toute toutes rien quelque bien oui non y en
der die das den dem des ein eine einen einem einer und oder aber dass in im mit ohne von zu zum zur für auf
aus bei nach über unter ist sind war waren sein haben hat ich du er sie es wir ihr man nicht kein keine auch
noch schon sehr so wie was wer wo wenn dann denn nur mehr alle alles hier dort ja nein
bis seit gegen durch um als ob weil damit während jetzt heute zuerst danach dabei dazu davon darauf
mein meine meiner meinen meinem meines dein deine deiner dein euer eure eurer euch uns unser unsere sein seine
seiner ihre ihrer ihren ihrem dieser diese dieses diesen diesem jeder jede jedes ganz gar einfach immer
wird werden wurde kann können muss müssen soll sollen will wollen habe hast hatte hatten bin bist
hasta desde mientras ahora hoy luego después mío mía nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras ningún ninguna ninguno cada siempre muy
jusqu depuis pendant maintenant aujourd ensuite puis mon ma mes ton ta tes notre nos votre vos leur leurs chaque toujours
sur sous vers chez contre avant après selon lors dont où comment pourquoi ans années fois jour jours même mêmes autre autres
sobre bajo hacia contra según durante tras cómo dónde cuándo años año vez veces
sob após segundo anos ano vezes
fait font prend prennent met mettent dit disent va vont peut peuvent doit doivent faut reste restent devient
permet permettent semble coûte change changent donne donnent passe passent arrive arrivent
hace hacen tiene tienen puede pueden dice dicen va van sube suben baja bajan queda quedan cambia cambian
pasa pasan llega llegan parece cuesta da dan
faz fazem tem têm pode podem diz dizem vai vão sobe sobem fica ficam muda mudam passa passam chega chegam parece custa dá dão
macht machen nimmt nehmen gibt geben geht gehen kommt kommen bleibt bleiben wird steht stehen kostet
avait avaient était étaient aurait auraient serait seraient sera seront aura auront
había habían estaba estaban tenía tenían fueron será serán sería serían
tinha tinham estava estavam foram será serão seria seriam
hatte hatten wurden wäre wären
até desde enquanto agora hoje depois meu minha nosso nossa cada sempre
o a os as um uma uns umas de do da dos das e ou mas que em no na nos nas por para com sem se seu sua é são
foi era ser estar está estão como mais muito já lhe eu tu ele ela nós vós eles elas isso isto também porque
quando onde sobre entre até desde tudo nada algo assim bem sim não tão ficou fica ficam ficar tem têm há pode podem vai vão faz fazem fez
il lo gli le un uno una di del della dei delle e o ma che in nel nella per con senza si suo sua è sono era
essere avere ha ho come più molto già mi ti ci vi io tu lui lei noi voi loro anche perché quando dove tutto
niente qualcosa così bene sì non`;

export const STOPWORDS: ReadonlySet<string> = new Set(`${ENGLISH} ${OTHER}`.split(/\s+/).filter(Boolean));

/** Whether a lowercase word is a function word, with or without its accents ("qué" as "que"). */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word) || STOPWORDS.has(word.normalize("NFD").replace(/\p{M}/gu, ""));
}

/**
 * Words that end a key phrase: common verbs, adverbs and vague nouns that make poor headings
 * ("Really Makes Sense") although they can matter for ranking.
 */
const PHRASE_BREAKERS = `able add added adding ago agree almost already anymore ask asked asking bad become
begin believe best better call called calls change changed check checked choose clear clearly close
completely consider course create created day days different doing easy easier end ended ends enter
entire especially everywhere exactly example examples fact feel fine find finds first found fun gave
getting give given giving goes happen happened happening happens hard help helps hold idea ideas
important instead interesting keep kept kind last later learn learned left let level long lose lot love
maybe mind minute minutes moment move moved much necessarily new next nice normal number numbers obviously
old pick place play point points possible probably problem problems put question questions quick quickly
read ready real reason reasons remember run running runs saw second seconds seem seems set show showed
shows simple simply small someone start started starting starts stay step stop super talk talked talking
talks tell thing things thought time times top totally true turn turns understand video videos watch
whatever wonder work worked working works world wrong year years yes yesterday alone anyway ahead apart
together else either though altogether somewhere anywhere nowhere one two three four five six seven eight nine ten eleven twelve
fifteen twenty thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand thousands million
millions billion percent half couple dozen month months week weeks today tonight tomorrow people person
everybody everyone anything something nothing everything part parts side sides stuff guys folks video
channel comments comment question questions answer answers same different whole entire full huge tiny
real normal simple sure honestly totally pretty certain main major minor single extra entire own away
able likely unlikely mostly actually basically literally probably definitely absolutely exactly
paid made said got took gave went came found kept left felt thought bought brought told sold spent built sent
steps schritt schritte paso pasos passo passos étape étapes tipp tipps dica dicas consejo astuce
matter matters mattered thanks thank merci gracias danke obrigado obrigada bonjour bonsoir hola hallo olá adiós
january february april june july august september october november december monday tuesday wednesday
thursday friday saturday sunday enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre
diciembre lunes martes miércoles jueves viernes sábado domingo janvier février mars avril mai juin juillet
août septembre octobre novembre décembre lundi mardi mercredi jeudi vendredi samedi dimanche januar februar
märz juni juli oktober dezember montag dienstag mittwoch donnerstag freitag samstag sonntag janeiro fevereiro
março maio junho julho setembro outubro novembro dezembro segunda terça quarta quinta sexta sábado
hour hours dollar dollars pound pounds euro euros cent cents peso pesos degree degrees psi
uno dos tres cuatro cinco seis siete ocho nueve diez veinte treinta cuarenta cincuenta cien ciento cientos mil
millón millones horas minutos euros dólares grados
deux trois quatre cinq sept huit neuf dix vingt trente quarante cinquante cent cents mille million millions
heures dollars degrés
zwei drei vier fünf sechs sieben acht neun zehn zwanzig dreißig hundert tausend million millionen stunden
minuten euro grad
dois duas três quatro cinco seis sete oito nove dez vinte trinta quarenta cinquenta cem cento mil milhão
milhões horas minutos reais graus`;

export const PHRASE_STOPWORDS: ReadonlySet<string> = new Set([...STOPWORDS, ...PHRASE_BREAKERS.split(/\s+/)]);

// Words that only look plural or inflected.
const KEEP = new Set([
  "news",
  "series",
  "species",
  "always",
  "perhaps",
  "analysis",
  "crisis",
  "thesis",
  "basis",
  "physics",
  "economics",
  "mathematics",
  "politics",
  "ethics",
  "devops",
  "this",
  "its",
  "was",
  "has",
  "his",
  "does",
  "gas",
  "yes",
  "less",
  "across",
  "various",
  "status",
  "bus",
  "thing",
  "nothing",
  "something",
  "everything",
  "anything",
  "during",
  "morning",
  "evening",
  "bring",
  "string",
  "spring",
  "king",
  "ring",
  "sing",
  "need",
  "speed",
  "feed",
  "seed",
  "bed",
  "red",
  "shed",
]);

/** A light English stemmer: enough to match "index", "indexes" and "indexing". */
export function stem(word: string): string {
  if (word.length <= 3 || KEEP.has(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (/(?:xes|ches|shes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is"))
    return word.slice(0, -1);
  if (word.endsWith("ing") && word.length > 5) {
    const base = word.slice(0, -3);
    return /([b-df-hj-np-tv-z])\1$/.test(base) && !/(ll|ss|zz)$/.test(base) ? base.slice(0, -1) : base;
  }
  if (word.endsWith("ed") && word.length > 4 && !word.endsWith("eed")) {
    const base = word.slice(0, -2);
    return /([b-df-hj-np-tv-z])\1$/.test(base) && !/(ll|ss|zz)$/.test(base) ? base.slice(0, -1) : base;
  }
  return word;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Lowercase words of a text, apostrophes kept ("don't", "it's"). */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/’/g, "'"));
}

/** Stemmed content words: stopwords, single letters and bare numbers dropped. */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (word.length < 2 || STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    out.push(stem(word));
  }
  return out;
}

/** Term frequencies of a list of terms. */
export function termCounts(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** Cosine similarity of two sparse vectors. */
export function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, value] of small) {
    const other = large.get(term);
    if (other) dot += value * other;
  }
  if (dot === 0) return 0;
  return dot / (norm(a) * norm(b));
}

export function norm(v: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const value of v.values()) sum += value * value;
  return Math.sqrt(sum);
}

/** Jaccard overlap of two term sets (near-duplicate detection). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}

/** A deterministic 32-bit hash (FNV-1a), for choosing among phrasings without randomness. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The text with its first letter in capitals. */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// A preposition and the article after it, written as one word: "de o" is "do" in Portuguese,
// "de el" is "del" in Spanish, "de le" is "du" in French.
const CONTRACTIONS: Record<string, Record<string, string>> = {
  pt: {
    "de o": "do",
    "de a": "da",
    "de os": "dos",
    "de as": "das",
    "em o": "no",
    "em a": "na",
    "em os": "nos",
    "em as": "nas",
    "a o": "ao",
    "a os": "aos",
    "a a": "à",
    "a as": "às",
  },
  es: { "de el": "del", "a el": "al" },
  fr: { "de le": "du", "de les": "des", "à le": "au", "à les": "aux" },
};

/**
 * A preposition before a phrase the article did not write itself (a topic: "o forno", "el
 * horno", "le four"), contracted with the phrase's article as the language requires: "do
 * forno", "del horno", "du four". Other languages get the two as they are.
 */
export function preposition(word: string, phrase: string, lang: string | null | undefined): string {
  const code = (lang ?? "").slice(0, 2).toLowerCase();
  // French says it again before each thing of a list: "des ingrédients et de la crème d'amande".
  if (code === "fr" && phrase.length <= 500 && /, | et /.test(phrase)) {
    return phrase
      .split(/(, | et )/)
      .map((part, k) => (k % 2 === 1 ? part : preposition(word, part, "fr")))
      .join("");
  }
  const table = CONTRACTIONS[code];
  const m = /^(\p{L}+)\s+(.*)$/su.exec(phrase);
  const contracted = table && m ? table[`${word} ${m[1].toLowerCase()}`] : undefined;
  return contracted && m ? `${contracted} ${m[2]}` : `${word} ${phrase}`;
}

// Words that name a kind of video ("review", "tutorial", "Folge") or where it is posted ("canal",
// "Kanal"): the form, never the topic.
const GENRE_WORDS = new Set(
  `review reviews video videos tutorial tutorials vlog vlogs episode episodes podcast podcasts interview
  interviews guide guides talk talks lecture lectures reaction reactions unboxing recap highlights explainer
  update updates breakdown livestream stream shorts short clip clips
  reseña reseñas vídeo vídeos tutorial entrevista episodio guía análisis
  critique critiques vidéo vidéos tuto entretien épisode émission
  folge folgen anleitung rezension
  resenha análise episódio entrevista guia
  channel channels canal canales chaîne chaînes kanal kanäle canais`.split(/\s+/),
);

/** Whether a word names a kind of video ("review", "tutorial") rather than what it is about. */
export function isGenreWord(word: string): boolean {
  return GENRE_WORDS.has(word.toLowerCase());
}
