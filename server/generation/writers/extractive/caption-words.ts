/**
 * The word lists the auto-caption repair (captions.ts) scores sentence boundaries with, for
 * English, Spanish, French, German and Portuguese: words a sentence does not end or start on,
 * openers with their weight, list items, number words and clause structure words.
 */

/** What the scorer knows about one language. */
export interface Lexicon {
  /** Words a sentence does not end on: articles, prepositions, conjunctions, possessives. */
  noEnd: ReadonlySet<string>;
  /** Words a sentence rarely ends on, though it can ("as they were", "no, I don't"). */
  rarelyEnd: ReadonlySet<string>;
  /** Words a sentence does not start with. */
  noStart: ReadonlySet<string>;
  /** Openers of two words ("okay so", "for example") and of one ("so", "now"), with their weight. */
  markers2: ReadonlyMap<string, number>;
  markers1: ReadonlyMap<string, number>;
  /** Nouns that number a list's items: "mistake", "step", "tip". */
  enumerators: ReadonlySet<string>;
  /** Cardinals and ordinals that follow an enumerator ("step three", "mistake number two"). */
  numerals: ReadonlySet<string>;
  /** Words of a spoken number phrase: never a sentence boundary between two of them. */
  numberWords: ReadonlySet<string>;
  /** The "and" inside a number phrase ("a hundred and fifty", "treinta y cinco"). */
  numberJoin: ReadonlySet<string>;
  /** Subject pronouns: after an auxiliary they make a question ("should I"), not a sentence start. */
  subjects: ReadonlySet<string>;
  /** Auxiliaries that start a sentence only as a question, with a subject next ("is it", "should we"). */
  auxiliaries: ReadonlySet<string>;
  /** Particles a clause ends on when a conjunction follows ("put it in and start"). */
  particles: ReadonlySet<string>;
  conjunctions: ReadonlySet<string>;
  /** Two-word phrases a sentence does not end on ("no matter", "even though"). */
  noEndPairs: ReadonlySet<string>;
  /** Words that open a subordinate clause ("if", "when"): a sentence needs more than that clause. */
  subordinators: ReadonlySet<string>;
  /** Prepositions: a sentence seldom starts on one, and never on one followed by another ("look | for at"). */
  prepositions: ReadonlySet<string>;
  /** Verbs a tutorial's instructions open with ("…the tube | push the valve…"), before an object. */
  imperatives: ReadonlySet<string>;
  /** Nouns a relative clause hangs on ("the thing I want", "everything you need"). */
  relativeHeads: ReadonlySet<string>;
  /** Pronouns that open a clause of their own ("…people always ask | I use…"). */
  clauseSubjects: ReadonlyMap<string, number>;
  /**
   * A finite verb that opens a clause with no subject before it, in languages that drop the
   * subject ("…zapatos cómodos | empezamos la mañana…", "…cien pesos | hay quince…"); null where
   * a clause names its subject (English, French, German).
   */
  verbFirst: RegExp | null;
  /**
   * Words after which such a verb goes on the clause they open: a question word ("y qué |
   * podemos"), a subject pronoun, a negation or an object pronoun ("no | podemos", "nos | costó").
   */
  verbContinues: ReadonlySet<string>;
  /** A subject pronoun and a finite verb ("ihr seht", "wir gehen"), where the pair opens a clause. */
  subjectVerb?: RegExp;
  /** Units a number is said with ("seis | metros" is one phrase); English keeps its own (captions.ts). */
  units: ReadonlySet<string>;
  /** Ordinals said before the item's noun in Romance languages ("segundo paso", "la deuxième étape"). */
  ordinalFirst: boolean;
}

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

/** Weighted phrases from "okay so=3, so=1.5". */
const weights = (text: string) =>
  new Map(
    text
      .split(",")
      .map((item) => item.trim().replace(/\s+/g, " ").split("="))
      .filter((pair) => pair.length === 2)
      .map(([phrase, weight]): [string, number] => [phrase, Number(weight)]),
  );

const EN_NUMERALS = `one two three four five six seven eight nine ten eleven twelve first second third fourth
  fifth sixth seventh eighth ninth tenth last 1 2 3 4 5 6 7 8 9 10 11 12`;

export const ENGLISH: Lexicon = {
  verbFirst: null,
  verbContinues: new Set(),
  units: new Set(),
  ordinalFirst: false,
  noEnd: set(`the a an to of in on at for with from by and or but so my your our their his her its this
    these those if because very really than as about into onto upon between without during against among
    per via plus i we they he she can will would could should do does did have has had not just like then
    when which who what where how it's there's that's here's what's i'm we're you're they're i've we've
    you've they've i'll we'll you'll they'll i'd we'd gonna wanna gotta going get got some any every each
    either neither another such whose no also even being let's make take until while whether
    worth put
    am isn't aren't wasn't weren't`),
  rarelyEnd:
    set(`is are was were be been one two three technically basically actually must might may shall you that most near
    don't doesn't didn't can't won't haven't hasn't shouldn't wouldn't couldn't`),
  noStart: set(`of to 's than n't or nor ones`),
  markers2: weights(
    `okay so=3, ok so=3, alright so=3, all right=2.5, so now=2.5, and so=1.6, and then=1.4, but
      then=1.4, so the=1.6, so if=1.6, so when=1.6, so what=1.8, so let's=2, so that's=1.8, now
      let's=2.5, and now=1.8, and it's=1.0, and that's=1.2, and i=0.8, and we=0.8, the first=1.0,
      the second=1.2, the next=1.2, the last=1.0, the other=0.8, the problem=1.0, the point=1.0, the
      reason=1.0, the thing=1.0, the rule=1.0, i think=1.0, i want=1.0, you want=0.8, you need=0.6,
      in other=1.5, for example=1.6, for instance=1.6, what happens=1.2, here's the=1.4, here's
      my=1.4, this is=0.8, that's why=1.4, that's it=1.5, that's all=1.5, if you=0.8, make sure=0.8,
      don't worry=1.2, good question=2, either way=1.5, that said=1.5, in fact=1.2, thanks for=2, thank you=1.5, what about=1.4, how about=1.4, last thing=1.8, next thing=1.2, next up=1.8`,
  ),
  markers1: weights(
    `okay=3, ok=3, alright=3, so=1.5, now=1.3, anyway=2, well=1, but=1.1, and=0.5, then=0.6,
      however=1.6, first=0.6, firstly=1.6, second=0.6, secondly=1.6, third=0.6, finally=1.6,
      lastly=1.6, next=0.6, also=0.3, actually=0.3, basically=1, yeah=1.5, let's=1.5, remember=0.6,
      because=0, if=0.5, when=0.5, what=0.5, why=0.6, how=0.5, it's=0.6, there's=0.8, that's=0.8,
      this=0.4, imagine=1, don't=0.8`,
  ),
  enumerators: set("mistake step tip rule lesson reason stage phase option method question round day"),
  numerals: set(EN_NUMERALS),
  numberWords: set(`${EN_NUMERALS} zero thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty
    forty fifty sixty seventy eighty ninety hundred thousand million billion point half quarter`),
  numberJoin: set("and"),
  subjects: set("i you we they he she it there this that everyone anyone somebody people"),
  auxiliaries: set(`is are was were do does did has have had can could should would will must might shall
    am isn't aren't don't doesn't didn't can't won't`),
  particles: set("in on out up down off over back away through around"),
  conjunctions: set("and or but then so"),
  noEndPairs: set("no_matter even_though so_that rather_than such_as as_well in_order kind_of sort_of a_couple"),
  subordinators: set("if when once because before after while unless although whenever"),
  imperatives: set(`take put push pull turn add mix check use keep try grab squeeze pump cut place open close hold
    remove replace set look watch leave bring press click type fold stretch wipe clean spin drop lift shift pour
    stir heat bake let's tighten loosen unscrew insert flip repeat raise lower scoot sit stand breathe relax
    tuck roll rest hang`),
  prepositions: set(
    `in on at for with from by about into onto over under after before through between without during
      against among toward towards`,
  ),
  relativeHeads: set(`thing things one ones everything something anything nothing way ways time times reason
    stuff all much lot part kind bit place day people person what which`),
  clauseSubjects: weights(
    `i=0.6, i'm=0.8, i've=0.8, i'll=0.8, we=0.5, we're=0.7, you're=0.6, you=0.3, they=0.4,
      they're=0.6, he=0.4, she=0.4`,
  ),
};

/** A lexicon from word lists: only the lists that differ by language. */
function lexicon(parts: {
  noEnd: string;
  rarelyEnd?: string;
  noStart: string;
  markers2: string;
  markers1: string;
  enumerators: string;
  numerals: string;
  numberWords: string;
  numberJoin: string;
  subjects: string;
  auxiliaries?: string;
  conjunctions: string;
  subordinators?: string;
  verbFirst?: RegExp;
  verbContinues?: string;
  clauseSubjects?: string;
  subjectVerb?: RegExp;
  units?: string;
  ordinalFirst?: boolean;
}): Lexicon {
  return {
    verbFirst: parts.verbFirst ?? null,
    verbContinues: set(parts.verbContinues ?? ""),
    subjectVerb: parts.subjectVerb,
    units: set(parts.units ?? ""),
    ordinalFirst: parts.ordinalFirst ?? false,
    noEnd: set(parts.noEnd),
    rarelyEnd: set(parts.rarelyEnd ?? ""),
    noStart: set(parts.noStart),
    markers2: weights(parts.markers2),
    markers1: weights(parts.markers1),
    enumerators: set(parts.enumerators),
    numerals: set(parts.numerals),
    numberWords: set(`${parts.numerals} ${parts.numberWords}`),
    numberJoin: set(parts.numberJoin),
    subjects: set(parts.subjects),
    auxiliaries: set(parts.auxiliaries ?? ""),
    particles: new Set(),
    conjunctions: set(parts.conjunctions),
    noEndPairs: new Set(),
    subordinators: set(parts.subordinators ?? ""),
    prepositions: new Set(),
    imperatives: new Set(),
    relativeHeads: new Set(),
    clauseSubjects: weights(parts.clauseSubjects ?? ""),
  };
}

const SPANISH = lexicon({
  noEnd: `el la los las un una unos unas de del al a en con por para sin sobre entre y e o u pero que porque si
    como mi tu su sus mis tus nuestro nuestra muy se me te le les nos este esta estos estas ese esa esos esas
    cuando donde cual quien hasta desde ni también aunque pues no lo`,
  noStart: "de del y e o u que",
  markers2: `y luego=1.4, y entonces=1.6, por ejemplo=1.6, así que=1.5, lo primero=1.4, o sea=0.8, en
  primer=1.4, por eso=1.4, sin embargo=1.6, en resumen=1.6, la verdad=1, al final=0.8, nos vemos=1.6, y
  bueno=1.6, y nada=1.2, muchas gracias=1.4, y ahora=1.4, y también=1`,
  markers1: `entonces=1.5, bueno=2, vale=2, ok=3, okay=3, pues=1, ahora=1.2, pero=1.1, primero=1, segundo=0.6,
  después=0.8, además=1, finalmente=1.6, y=0.4, hola=2, resumiendo=1.6, mira=1.2, miren=1.4, claro=1,
  luego=0.6, recuerden=1, oigan=1.4`,
  enumerators: "paso error consejo regla truco número",
  numerals: `uno dos tres cuatro cinco seis siete ocho nueve diez primero segundo tercero cuarto quinto primer
      primera segunda tercer tercera cuarta quinta último última 1 2 3 4 5 6 7 8 9 10`,
  numberWords: `cero once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve veinte veintiún
      veintiuno veintidós veintitrés veinticinco treinta cuarenta cincuenta sesenta setenta ochenta noventa cien
      ciento cientos doscientos doscientas trescientos trescientas cuatrocientos quinientos quinientas seiscientos
      setecientos ochocientos novecientos mil millón millones medio media coma`,
  units: `metros metro centímetros milímetros kilómetros kilos gramos litros grados euros pesos dólares minutos
      horas días semanas meses años segundos`,
  numberJoin: "y",
  subjects: "yo tú él ella nosotros vosotros ellos ellas usted ustedes",
  conjunctions: "y e o pero",
  subordinators: "si cuando porque aunque mientras",
  // Pronouns that open a clause, and a demonstrative with its verb ("…relativo | eso es…").
  clauseSubjects: `yo=0.7, nosotros=0.8, ellos=0.4, eso es=1.2, esto es=1.2, eso significa=1.2, esto
    significa=1.2, esa es=1, este es=1, eso sí=1, yo creo=1.2, hay que=0.6`,
  verbContinues: `qué cómo cuándo dónde quién quiénes cuánto cuánta cuántos cuántas no ya yo tú nosotros
    ellos ellas usted ustedes me te se nos os les le lo la también solo`,
  ordinalFirst: true,
  // "we" forms (never nouns but a few: "los extremos", "mis primos") and "hay".
  verbFirst: /^(?!(?:primos|extremos|supremos|ramos|animos)$)[a-zñ]{3,}(?:amos|emos|imos)$|^(?:somos|hay)$/,
});

const FRENCH = lexicon({
  noEnd: `le la les l' un une des de du d' au aux à en dans sur sous avec pour par sans et ou mais que qu' qui
    quand si comme mon ma mes ton ta tes son sa ses notre nos votre vos leur ce cet cette ces je j' tu il elle
    on ils elles ne n' se très parce puisque car`,
  noStart: "de du d' et ou que qu' pas",
  markers2: `et puis=1.4, et donc=1.4, et alors=1.4, par exemple=1.6, du coup=1.2, tout d'abord=1.6, en
  fait=0.6, par contre=1.4, en plus=1, en gros=1.2, et voilà=1.4, à bientôt=1.4, merci beaucoup=1.4`,
  markers1: `alors=1.5, donc=1.3, bon=1.5, ensuite=1.3, puis=0.8, mais=1.1, maintenant=1.2, d'abord=1.4,
  enfin=1.4, voilà=1.5, ok=3, okay=3, et=0.4, bonjour=2, salut=2, bref=1.4, sinon=1, premièrement=1.6,
  deuxièmement=1.6, troisièmement=1.6, finalement=1.4, d'accord=1.2`,
  enumerators: "étape erreur conseil règle astuce numéro",
  numerals: `un une deux trois quatre cinq six sept huit neuf dix premier première deuxième troisième
      quatrième cinquième 1 2 3 4 5 6 7 8 9 10`,
  numberWords: `zéro onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf vingt trente quarante
      cinquante soixante soixante-dix quatre-vingt quatre-vingts quatre-vingt-dix cent cents mille million millions
      demi demie virgule`,
  units: `mètres mètre centimètres millimètres kilomètres kilos grammes litres degrés euros minutes heures jours
      semaines mois ans secondes`,
  numberJoin: "et",
  subjects: "je j' tu il elle on nous vous ils elles",
  conjunctions: "et ou mais",
  subordinators: "si quand parce lorsque",
  // Subject pronouns, which French never drops: after a word a clause can end on, one opens.
  clauseSubjects: `je=0.9, j'ai=1, j'aime=1, c'est=0.8, on=0.6, il y=0.8, ils=0.4, elle=0.3, ça=0.5`,
  ordinalFirst: true,
});

const GERMAN = lexicon({
  noEnd: `der die das den dem des ein eine einen einem einer eines und oder aber dass weil wenn als wie von zum
    zur für bei durch ohne gegen ich du er wir sehr mein meine dein deine unser unsere in im am ins ans beim
    vom über unter hinter neben zwischen statt seit um`,
  // Prepositions that are also the separable particle of a verb ("fangen wir an", "kommst du mit").
  rarelyEnd: "an auf aus ab mit zu vor nach bis",
  noStart: "und oder dass",
  markers2: `und dann=1.4, und jetzt=1.6, zum beispiel=1.6, na ja=1.5, zum schluss=1.4, das heißt=1,
  und zwar=0.8, bis zum=0.4, vielen dank=1.4, bis bald=1.4`,
  markers1: `also=1.3, dann=0.8, jetzt=1.2, aber=1.1, okay=3, ok=3, zuerst=1.3, erstens=1.6, zweitens=1.6,
  drittens=1.6, danach=1.2, schließlich=1.4, und=0.4, hallo=2, außerdem=1.2, deshalb=1.2, deswegen=1.2,
  trotzdem=1, übrigens=1, genau=1.2, naja=1.4, wichtig=0.6`,
  enumerators: "schritt fehler tipp regel nummer",
  numerals: `eins zwei drei vier fünf sechs sieben acht neun zehn erste erster zweite zweiter dritte dritter
      1 2 3 4 5 6 7 8 9 10`,
  numberWords: `null elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn zwanzig dreißig
      vierzig fünfzig sechzig siebzig achtzig neunzig hundert tausend million millionen halb komma`,
  units:
    "meter zentimeter millimeter kilometer kilo gramm liter grad euro minuten stunden tage wochen monate jahre uhr prozent",
  numberJoin: "und",
  subjects: "ich du er sie es wir ihr man",
  conjunctions: "und oder aber",
  subordinators: "wenn weil als ob obwohl bevor dass damit nachdem sobald während solange",
  // A subject and its verb in second place open a main clause; after a verb the pronoun is the
  // inverted subject ("heute zeige ich"), so only pairs count.
  clauseSubjects: `das ist=1, das war=1, das sind=1, es gibt=0.8, ich bin=1, ich habe=1, ich hab=1, ich
    zeige=1, ich finde=1, ich glaube=1, ich denke=1, ich würde=0.8, wir haben=0.8, wir sind=0.8, wir
    machen=0.8, ihr könnt=1, ihr braucht=1, ihr müsst=1, man kann=0.8, man muss=0.8`,
  // Person endings: "ich geh", "ich zeig's", "wir gehen", "ihr seht", "du weißt", "man nimmt".
  subjectVerb:
    /^(?:ich (?:\p{L}{2,7}e|\p{L}{2,6}'s|bin|hab|kann|muss|will|mag|weiß|war|hatte|würde|geh|zeig|sag|find|denk|glaub|mach|nehm|lass)|wir \p{L}{2,8}en|ihr \p{L}{1,7}t|du \p{L}{1,7}st|man \p{L}{1,7}t)$/u,
});

const PORTUGUESE = lexicon({
  noEnd: `o a os as um uma uns umas de do da dos das em no na nos nas por pelo pela para com sem e ou mas que
    porque se como meu minha seu sua muito ao à eu`,
  noStart: "de do da e ou que",
  markers2: `e aí=1.4, e depois=1.4, e então=1.6, por exemplo=1.6, por isso=1.4, no entanto=1.6, ou
  seja=0.8, e agora=1.4, muito obrigado=1.4, muito obrigada=1.4, é isso=1.2`,
  markers1: `então=1.5, bom=1.5, agora=1.2, mas=1.1, depois=1, primeiro=1, tá=1.5, beleza=1.5, ok=3, okay=3,
  e=0.4, olá=2, oi=2, enfim=1.4, olha=1.2, olhem=1.4, aliás=1`,
  enumerators: "passo erro dica regra número",
  numerals: `um uma dois duas três quatro cinco seis sete oito nove dez primeiro segundo terceiro quarto quinto
      primeira segunda terceira quarta quinta último última 1 2 3 4 5 6 7 8 9 10`,
  numberWords: `zero onze doze treze catorze quatorze quinze dezesseis dezasseis dezessete dezassete dezoito
      dezenove dezanove vinte trinta quarenta cinquenta sessenta setenta oitenta noventa cem cento duzentos
      duzentas trezentos trezentas quatrocentos quatrocentas quinhentos quinhentas seiscentos setecentos
      oitocentos novecentos mil milhão milhões meio meia vírgula`,
  units: `metros metro centímetros milímetros quilômetros quilos gramas litros graus reais euros dólares minutos
      horas dias semanas meses anos segundos`,
  numberJoin: "e",
  subjects: "eu tu ele ela nós vocês eles elas você",
  conjunctions: "e ou mas",
  subordinators: "se quando porque embora",
  clauseSubjects: `eu=0.7, nós=0.6, a gente=0.8, isso é=1.2, isso aqui=1, isso significa=1.2, essa é=1, esse
    é=1, você=0.4, eu acho=1.2`,
  verbContinues: `que quê como quando onde quem quanto quanta quantos quantas não já eu tu nós você vocês
    ele ela eles elas se me te nos lhe lhes o a os as também só`,
  ordinalFirst: true,
  verbFirst: /^(?!(?:primos|extremos|supremos|ramos)$)[a-zç]{3,}(?:amos|emos|imos)$|^(?:somos|fomos)$/,
});

const LEXICONS: Record<string, Lexicon> = { en: ENGLISH, es: SPANISH, fr: FRENCH, de: GERMAN, pt: PORTUGUESE };

/**
 * The word lists for a transcript language ("en", "pt-BR"). Other languages get the English
 * lists, as every language did before there were others: few of its words occur elsewhere, and
 * those that do ("a", "in", "per") rarely end a sentence there either.
 */
export function lexiconFor(language: string | null | undefined): Lexicon {
  if (!language) return ENGLISH;
  return LEXICONS[language.toLowerCase().slice(0, 2)] ?? ENGLISH;
}
