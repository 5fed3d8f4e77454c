import type { WriteRequest } from "../../types";
import { analyseStyle } from "../style-profile";

/**
 * The form of a custom style's reference articles, measured (style-profile.ts) and told to the
 * model in numbers: "imitate the sentence length" alone gets a model's habitual 15-20 words
 * whatever the references do. A draft that still misses the sentence length by more than
 * STYLE_TOLERANCE gets one revision that names both figures.
 */

export interface ReferenceForm {
  sentenceWords: number;
  paragraphSentences: number;
  paragraphWords: number;
  headings: boolean;
  lists: boolean;
  person: "first" | "second" | "neutral";
}

/** How far a draft's mean sentence length may be from the references' before a revision (30%). */
export const STYLE_TOLERANCE = 0.3;

/** The measured form of the request's reference articles, or null when it has none to imitate. */
export function referenceForm(request: Pick<WriteRequest, "style" | "referenceArticles">): ReferenceForm | null {
  if (request.style !== "custom") return null;
  const references = request.referenceArticles.filter((r) => r.trim());
  if (references.length === 0) return null;
  const profile = analyseStyle(references);
  if (!(profile.avgSentenceWords > 0)) return null;
  return {
    sentenceWords: profile.avgSentenceWords,
    paragraphSentences: profile.avgParagraphSentences,
    paragraphWords: profile.avgParagraphWords,
    headings: profile.headingLevel !== null && profile.headingsPer1000 >= 1.5,
    lists: profile.bulletShare >= 0.08,
    person: profile.firstPersonRate >= 1.5 ? "first" : profile.secondPersonRate >= 1.2 ? "second" : "neutral",
  };
}

const round = (n: number) => Math.max(1, Math.round(n));

/** The lines the system prompt adds for a custom style: the references' form in numbers. */
export function formGuide(form: ReferenceForm): string {
  const words = round(form.sentenceWords);
  const low = round(words * (1 - STYLE_TOLERANCE / 2));
  const high = round(words * (1 + STYLE_TOLERANCE / 2));
  const voice =
    form.person === "first"
      ? "They write in the first person."
      : form.person === "second"
        ? "They address the reader as you."
        : "They stay in the third person.";
  return [
    "Measured form of the reference articles (match these figures, they matter as much as the voice):",
    `- Sentences average ${words} words. Keep your average between ${low} and ${high} words: ${
      words <= 9
        ? "short, plain sentences, one fact each; split anything longer."
        : words >= 25
          ? "long sentences that join related ideas with commas, semicolons and clauses."
          : "vary them around that length."
    } Quotations count as sentences too: ${words <= 9 ? "quote short phrases rather than long passages." : "choose quotations near that length."}`,
    `- Paragraphs of about ${round(form.paragraphSentences)} sentence${round(form.paragraphSentences) === 1 ? "" : "s"} (${round(form.paragraphWords)} words).`,
    `- ${form.headings ? "They use section headings; so do you." : "They use no section headings; write none."} ${
      form.lists ? "They use lists." : "They use no lists; write prose."
    } ${voice}`,
  ].join("\n");
}

/** The mean words per sentence of an article body's prose (headings, lists and quotes aside). */
export function sentenceWordsOf(body: string): number {
  return analyseStyle([body]).avgSentenceWords;
}

/** How far a body's sentence length is from the form's, as a share (0.4 = 40% off). */
export function sentenceMiss(body: string, form: ReferenceForm): number {
  const words = sentenceWordsOf(body);
  return words > 0 ? Math.abs(words / form.sentenceWords - 1) : 1;
}

/** The revision asked when a draft's sentences are far from the references' length. */
export function buildStyleRevisionPrompt(input: {
  draftWords: number;
  form: ReferenceForm;
  min: number;
  max: number;
}): string {
  const target = round(input.form.sentenceWords);
  const shorter = input.draftWords > input.form.sentenceWords;
  return [
    `Revise the article's sentences to match the reference articles' form. Your sentences average ${round(input.draftWords)} words; the references' average ${target}.`,
    shorter
      ? `Split long sentences into short ones of about ${target} words: one fact or action each, subject and verb first; cut asides and filler. Where a quotation is long, quote a shorter exact phrase from it instead.`
      : `Join related short sentences into longer ones of about ${target} words, with commas, semicolons and clauses (because, while, which), as the references do.`,
    "Keep every fact, name, figure, quotation (word for word) and timestamp link; change only how sentences are built.",
    `The body stays between ${input.min} and ${input.max} words.`,
    "Reply with the whole revised article in the same layout: TITLE, EXCERPT, TAGS and CATEGORY lines, then `---`, then the body.",
  ].join("\n");
}
