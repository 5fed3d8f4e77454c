import type { ArticleTone } from "../../../../contract/articles";

/**
 * What each tone looks for in the video's sentences, so a tone changes what an article says and
 * not only the words around it: persuasive prefers claims, advice and figures; casual, stories
 * and the reader addressed as "you"; formal drops colloquial sentences; informative prefers
 * definitions, facts and figures. English cues, with the commonest Spanish, French, German and
 * Portuguese ones; a sentence with no cue keeps its weight.
 */

const FIGURES = /\d|\b(?:percent|per cent|por ciento|pour cent|prozent|por cento|million|billion|thousand|hundred)\b/iu;

const CLAIM =
  /\b(?:should|must|need to|needs to|have to|has to|always|never|the (?:best|worst|key|biggest|only|real)|matters?|worth|works?|proves?|clearly|definitely|every single|no one|nobody|stop|don't|do not|avoid|make sure|the truth is|the point is|debe|deben|hay que|siempre|nunca|il faut|doit|toujours|jamais|muss|müssen|immer|nie|deve|devem|sempre|nunca)\b/iu;
const HEDGE =
  /\b(?:maybe|perhaps|i guess|i think|i suppose|kind of|sort of|probably|might be|not sure|quizás|tal vez|peut-être|vielleicht|talvez)\b/iu;

const ANECDOTE =
  /\b(?:i was|i had|i remember|i used to|i tried|i found|i learned|i learnt|when i|last (?:week|year|month|time|spring|summer|winter)|one day|my (?:friend|mum|mom|dad|wife|husband|kids?|first)|we were|we had|story|funny|cuando yo|un día|quand j|un jour|als ich|eines tages|quando eu|um dia)\b/iu;
const SECOND_PERSON = /\b(?:you|you're|you've|you'll|your|yours|tú|usted|vous|tu|du|ihr|você|vocês)\b/iu;

const COLLOQUIAL =
  /\b(?:gonna|wanna|gotta|kinda|sorta|ain't|y'all|yeah|yep|nope|okay|ok|super|awesome|cool|crazy|insane|stuff|guys|dude|literally|totally|honestly|basically|freaking|damn|like,|you know|i mean|lol|wow|tío|mola|guay|genre|trop|truc|mec|krass|geil|digo|tipo|cara|legal)\b/iu;

const DEFINITION =
  /\b(?:is a|is an|are a|is the|are the|means|is called|are called|refers to|defined as|consists of|is made of|is when|happens when|because|which is why|es un|es una|significa|se llama|est un|est une|signifie|s'appelle|ist ein|ist eine|bedeutet|heißt|é um|é uma|significa|chama-se)\b/iu;
const OPINION = /\b(?:i love|i hate|i like|i feel|i think|my favourite|my favorite|honestly|personally)\b/iu;

/**
 * How much a tone wants a sentence, as a multiplier of its score (about 0.2 to 2.7). Cues are
 * matched on the first 400 characters, so the check is linear and bounded.
 */
export function toneWeight(text: string, tone: ArticleTone): number {
  const t = text.slice(0, 400);
  const has = (re: RegExp) => re.test(t);
  const question = /\?["”]?$/.test(t);
  switch (tone) {
    case "persuasive": {
      let w = 1;
      if (has(CLAIM)) w *= 1.7;
      if (has(FIGURES)) w *= 1.35;
      if (has(HEDGE)) w *= 0.5;
      if (question) w *= 0.6;
      if (has(ANECDOTE)) w *= 0.8;
      return w;
    }
    case "casual": {
      let w = 1;
      if (has(ANECDOTE)) w *= 1.8;
      if (has(SECOND_PERSON)) w *= 1.5;
      if (has(DEFINITION) && !has(SECOND_PERSON)) w *= 0.7;
      if (has(FIGURES) && !has(ANECDOTE)) w *= 0.85;
      return w;
    }
    case "formal": {
      let w = 1;
      if (has(COLLOQUIAL)) w *= 0.2;
      if (has(ANECDOTE)) w *= 0.7;
      if (has(SECOND_PERSON)) w *= 0.8;
      if (has(DEFINITION) || has(FIGURES)) w *= 1.2;
      if (question) w *= 0.6;
      return w;
    }
    default: {
      let w = 1;
      if (has(DEFINITION)) w *= 1.6;
      if (has(FIGURES)) w *= 1.35;
      if (has(OPINION)) w *= 0.6;
      if (has(ANECDOTE)) w *= 0.8;
      if (question) w *= 0.8;
      return w;
    }
  }
}

// Spoken fillers a formal article leaves out of its own prose (never out of a quotation): "you
// know", "I mean" and "like" only when commas set them off ("looks like rain" stays).
const FILLERS =
  /(?:,\s*)?(?<![\p{L}'’])(?:you know|i mean|like)\s*,\s*|(?<![\p{L}'’])(?:basically|literally)(?![\p{L}'’])\s*,?\s*/giu;

/** Prose without spoken fillers ("you know,", "basically"), for a formal article. */
export function withoutFillers(text: string): string {
  const out = text
    .replace(FILLERS, " ")
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([.,;:!?])/g, "$1")
    .trim();
  return out.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}
