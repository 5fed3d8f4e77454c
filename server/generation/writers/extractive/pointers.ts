/*
 * Pointers back: words in a sentence that stand for something an earlier sentence said ("If it
 * drops in…", "Engineers call that scour.", "Chains also stretch…", "Él lo explica…"). Such a
 * sentence reads right only after its source predecessor; story.ts keeps the two together or
 * drops it. The openers rank.ts already reads ("It…", "This…", "The other…") are not repeated
 * here. All patterns are anchored and bounded: linear on any text.
 */

// The first words of a sentence, enough to hold its opening clause.
const OPENING_CHARS = 80;
// A sentence this short that ends on "it"/"that" has nothing else for the pronoun to mean.
const MAX_SHORT_WORDS = 10;

// A clause that opens on a pronoun subject before anything is named: "If it drops…", "When
// they arrive,", "Si ella…", "S'il…", "Wenn er…", "Quando ele…" ("das" is as often an article).
const CLAUSE_ON_PRONOUN =
  /^(?:if|when|once|until|unless|because|since|although|si|cuando|porque|aunque|quand|lorsque|parce qu(?:e|')|wenn|als|weil|obwohl|quando|se|porque|embora)\s+(?:it|it's|they|they're|he|she|this|that|these|those|él|ella|ellos|ellas|esto|eso|il|elle|ils|elles|cela|ça|er|es|dies|ele|ela|eles|elas|isso|isto)(?![\p{L}'’])|^s['’]ils?\s/iu;

// An opening clause, up to its comma: "If you don't find it, …" (English objects only: other
// languages put their object pronouns before the verb, where they are harder to tell).
const OPENING_CLAUSE = /^(?:if|when|once|until|unless|before|after|while)\s([^,.;]{0,60}),/i;
const OBJECT_PRONOUN = /\b(?:it|them)\b/i;

// An order whose object is a pronoun: "Turn it out a couple of turns…", "Wipe them dry."
// (English; "Believe it or not" and "Take it easy" point at nothing.)
const ORDER_ON_PRONOUN =
  /^(?!(?:is|was|does|did|do|can|could|will|would|should|has|had|isn't|wasn't|doesn't|didn't)\s)\p{L}+\s+(?:it|them)\b(?!\s+(?:or not|easy)\b)/iu;
// "…for this if you can…", "Before that, …", "Do that and…": a bare "this"/"that" after a
// preposition or a verb of doing, before a pause or a new clause, early in the sentence (later,
// the sentence has usually said what it means: "I lied in the intro, sorry about that").
const BARE_DEMONSTRATIVE_WITHIN = 32;
const BARE_DEMONSTRATIVE =
  /\b(?:for|like|about|with|after|before|without|do|does|did|doing|done)\s+(?:this|that)(?:\s*[,.;:!?…]|\s+(?:if|because|when|unless|until|and|but|or|so)\b|$)/i;

// Naming what was just described: "Engineers call that scour.", "We call it a snake bite.",
// "On appelle ça…", "Das nennt man…", "A isso chamamos…", "A eso lo llamamos…".
const NAMES_IT =
  /^(?:[\p{L}'’]+\s+){0,2}(?:call|calls|called)\s+(?:this|that|these|those|it|them)\b|^(?:on|nous)\s+(?:appelle|appelons)\s+(?:ça|cela)\b|^(?:ça|cela)\s+s'appelle\b|^(?:das|dies|es)\s+(?:nennt|nennen|heißt)\b|^a\s+(?:isso|isto|eso|esto)\s+(?:lo\s+)?(?:chamamos|chama|llamamos|llaman)\b|^(?:isso|isto|eso|esto)\s+se\s+(?:chama|llama)\b/iu;

// The opposite of what was just said, in the framed languages.
const OPPOSITE =
  /(?<![\p{L}])(?:the (?:opposite|reverse)|l['’]inverse|le contraire|lo contrario|al contrario|das gegenteil|o contrário|ao contrário)(?![\p{L}])/iu;

// "Chains also stretch…", "Wir haben auch…": an addition to what came before, said by a short
// subject (one to three words) before the adverb.
const ALSO_EARLY = /^(?:[\p{L}\p{N}'’-]+\s+){1,3}(?:also|también|aussi|auch|também)(?![\p{L}'’])/iu;

// A short sentence whose object is a bare pronoun at its end ("I've done it.", "Don't go
// gorilla on it.", "Nobody does that.").
const ENDS_ON_POINTER =
  /\s(?:it|them|(?:this|that) one|these ones|those ones|this|that|these|those|eso|esto|ça|cela|das|isso|isto)(?:\s+(?:again|once|too|either|anymore|first|yourself|myself|otra vez|encore|aussi|wieder|auch|também))?[.!?…]*["”’]?$/iu;
// A noun the pronoun can stand for, named before it in the same sentence.
const NAMED_BEFORE =
  /\b(?:the|a|an|your|my|our|their|his|her|its|each|every|any|el|la|los|las|un|una|le|les|une|der|die|das|den|dem|ein|eine|einen|o|os|as|um|uma)\s+\p{L}{3,}/iu;

// A plural noun "them" can stand for: a longer word ending in "s" that is not a verb or adverb.
const PLURAL_BEFORE =
  /\b(?!(?:does|was|has|is|this|his|its|always|perhaps|unless|yes|less|across|sometimes)\b)\p{L}{3,}s\b/iu;

// Openers of other languages that stand for someone or something said before, as "It…",
// "This…", "They…" do in English (rank.ts): "Él…", "Esta…", "Elle…", "Dieser…", "Ela…".
// Impersonal openers ("Il faut…", "Il y a…") point at nothing and do not count; "Es", "Er" and
// "Sie" are left out, since they are as often impersonal, an English filler or a polite "you".
const OTHER_LANGUAGE_OPENER =
  /^(?:él|ella|ellos|ellas|ello|es como|era como|fue como|é como|foi como|este|esta|estos|estas|ese|esa|esos|esas|otro|otra|el otro|la otra|il(?!\s+(?:faut|y a|s'agit|est (?:important|possible|nécessaire|temps)|était une fois))|elle|ils|elles|ceci|cet|cette|ces|c'est(?!-à-dire)|un autre|une autre|l'autre|das (?:ist|war|sind|heißt|bedeutet|macht)|dieser|diese|dieses|diesen|der andere|die andere|ein anderer|eine andere|ele|ela|eles|elas|esse|essa|esses|essas|estes|outro|outra|o outro|a outra)(?![\p{L}'’-])/iu;

// ("Ante cualquiera de esas cosas…", "Aucune de ces choses…", "Qualquer uma dessas coisas…": the
// same in the other Romance languages, a preposition allowed before it.)
const PART_OF_POINTER =
  /^(?:(?:the|a|an)\s+)?(?:\p{L}+\s+)?(?:of)\s+(?:it|them|this|these|those|that)(?![\p{L}'’])(?!\s+(?:is|was|are|were)\s+(?:that|why|how|what)\b)|^(?:(?:ante|con|en|para|por|dans|pour|avec|em|com)\s+)?(?:cualquiera|cualquier|ninguna|ninguno|alguna|alguno|una|uno|todas|todos|cada una|cada uno|n'importe laquelle|aucune|aucun|l'une|l'un|chacune|chacun|qualquer uma|qualquer um|nenhuma|nenhum|cada uma|cada um)\s+(?:de\s+(?:esas|esos|estas|estos|eso|esto|ellas|ellos)|de\s+(?:ces|cela)|dessas|desses|destas|destes|disso|disto|delas|deles)(?![\p{L}'’])/iu;

// "Some towns run one every ten minutes": "one" as the object of a verb, standing for a thing
// the sentence before named (English; "one of the…" and "one day" name their own).
const ONE_FOR_A_THING =
  /\b(?:run|runs|ran|use|uses|used|buy|buys|bought|get|gets|got|have|has|had|need|needs|needed|make|makes|made|build|builds|built|try|tries|tried|take|takes|took|pick|picks|picked|add|adds|added|keep|keeps|kept|want|wants|wanted|order|ordered)\s+one(?=\s+(?:every|each|too|now|again|today|tomorrow|here|there|instead|anyway|and|but|so|or|because|though)\b|\s*[.,!?…]|$)/i;

/** Whether a sentence's words stand for something only the sentence before it names. */
export function pointsBack(text: string): boolean {
  const bare = text.replace(/^["“'‘¿¡(\s]+/u, "");
  const opening = bare.slice(0, OPENING_CHARS);
  // "When it comes to pricing…" is an idiom, not a pointer.
  if (/^(?:when it comes to|while (?:we're|you're|we’re|you’re|I'm|I’m) at it)\b/i.test(opening)) return false;
  if (
    CLAUSE_ON_PRONOUN.test(opening) ||
    objectInOpeningClause(opening) ||
    NAMES_IT.test(opening) ||
    ORDER_ON_PRONOUN.test(opening) ||
    (BARE_DEMONSTRATIVE.exec(opening)?.index ?? OPENING_CHARS) < BARE_DEMONSTRATIVE_WITHIN ||
    OTHER_LANGUAGE_OPENER.test(opening)
  )
    return true;
  if (ONE_FOR_A_THING.test(opening)) return true;
  if (ALSO_EARLY.test(opening) && !/^(?:not only|no solo|non seulement|nicht nur|não só)\b/i.test(opening)) return true;
  // "The top of it is at eye level", "Most of them…": a part of something named before.
  if (PART_OF_POINTER.test(opening)) return true;
  const words = bare.split(/\s+/).length;
  // "Studies show the opposite.": of what the sentence before claimed.
  if (words <= MAX_SHORT_WORDS && OPPOSITE.test(bare)) return true;
  if (words > MAX_SHORT_WORDS || !ENDS_ON_POINTER.test(bare)) return false;
  // "Grab the pan and shake it." names what "it" is.
  const before = bare.replace(ENDS_ON_POINTER, "");
  // "Announce changes before making them." names them too, as a bare plural.
  const plural = /\sthem\b/i.test(bare.slice(before.length)) && PLURAL_BEFORE.test(before);
  return !NAMED_BEFORE.test(before) && !plural;
}

/** "If you don't find it, …": the clause's object stands for something it never names. */
function objectInOpeningClause(opening: string): boolean {
  const clause = OPENING_CLAUSE.exec(opening)?.[1];
  const at = clause ? OBJECT_PRONOUN.exec(clause) : null;
  // "If you squeeze the tyre and it feels soft, …" names it first.
  return Boolean(clause && at && !NAMED_BEFORE.test(clause.slice(0, at.index)));
}

// A demonstrative with its noun: "this method", "those loans", "esa cesta", "essa conta" (not
// "that", which as often opens a clause: "I think that prices…"). Time
// words are the moment of speaking, not something said before ("this week", "esta semana").
const DEMONSTRATIVE_NOUN =
  /(?<![\p{L}'’])(?:this|these|those|ese|esa|esos|esas|aquel|aquella|aquellos|aquellas|esse|essa|esses|essas|aquele|aquela|aqueles|aquelas)\s+(?!(?:week|weekend|year|month|morning|afternoon|evening|night|season|time|summer|winter|spring|autumn|fall|video|episode|channel|point|moment|day|days|weeks|years|months|is|was|are|were|será|fue|es|era|foi|é)(?![\p{L}'’]))\p{L}{3,}/iu;

/**
 * Whether a sentence names something by pointing at it ("the cost of those loans", "el precio
 * de esa cesta"): fine inside a passage, but no opening line for a story that has not named it.
 */
export function pointsAtSomethingNamed(text: string): boolean {
  return DEMONSTRATIVE_NOUN.test(text.slice(0, 400));
}
