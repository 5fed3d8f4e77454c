/**
 * How closely a custom-style article follows the form of its reference articles: mean sentence
 * length, paragraph size and whether it uses headings and lists. Measured here on its own terms
 * (not with the writer's style profile), so a writer that misreads a reference is caught.
 */

export interface StyleMatch {
  /** Article's mean words per prose sentence over the references' (1 = the same). */
  sentenceRatio: number;
  /** Article's mean words per prose paragraph over the references' (1 = the same). */
  paragraphRatio: number;
  /** Both use section headings, or neither does. */
  headingsAgree: boolean;
  /** Both use lists, or neither does. */
  listsAgree: boolean;
  article: FormFigures;
  reference: FormFigures;
}

/** The form of one or more texts, as styleMatch compares it. */
export interface FormFigures {
  sentences: number;
  meanSentenceWords: number;
  paragraphs: number;
  meanParagraphWords: number;
  headings: number;
  listItems: number;
}

/** Longest text measured, so the measure stays linear and bounded on any input. */
const MAX_CHARS = 200_000;

const wordsIn = (text: string) => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

/** Prose sentences of a paragraph: ends at . ! ? (or …) and closing quotes, before a space. */
function sentencesOf(paragraph: string): string[] {
  return paragraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .split(/(?<=[.!?…]["'”’)]*)\s+(?=["“'‘(¿¡]?[\p{Lu}\p{N}])/u)
    .map((s) => s.trim())
    .filter((s) => wordsIn(s) > 0);
}

/**
 * Headings, list items and prose paragraphs of a markdown or plain-text article. A first line
 * that is a title (a `#` line, or a short line without end punctuation followed by a blank
 * line) is not a heading; a paragraph that is only a moment link is not prose.
 */
export function formOf(texts: readonly string[]): FormFigures {
  let headings = 0;
  let listItems = 0;
  const paragraphs: string[] = [];
  for (const raw of texts) {
    const chunks = raw
      .slice(0, MAX_CHARS)
      .replace(/\r\n?/g, "\n")
      .trim()
      .split(/\n\s*\n/);
    chunks.forEach((chunk, k) => {
      const lines = chunk
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
      const isTitle =
        k === 0 &&
        lines.length === 1 &&
        chunks.length > 1 &&
        (/^#\s/.test(lines[0]) ||
          (!/^(?:#{2,}|[-*+•>]|\d{1,3}[.)])\s/.test(lines[0]) &&
            wordsIn(lines[0]) <= 14 &&
            !/[.!?,;:"”]$/.test(lines[0])));
      if (isTitle) return;
      let prose: string[] = [];
      const flush = () => {
        if (prose.length) paragraphs.push(prose.join(" "));
        prose = [];
      };
      for (const line of lines) {
        if (/^#{1,6}\s/.test(line) || /^\*\*[^*]+\*\*:?$/.test(line)) {
          flush();
          headings++;
        } else if (/^(?:[-*+•]|\d{1,3}[.)])\s/.test(line)) {
          flush();
          listItems++;
        } else if (line.startsWith(">")) {
          // A pull quote or its credit: not a paragraph of the article's own prose.
          flush();
        } else if (lines.length === 1 && chunks.length > 2 && wordsIn(line) <= 9 && !/[.!?,;:"”)]$/.test(line)) {
          headings++;
        } else if (/^\[[^\]]*\]\([^)]*\)$/.test(line)) {
          flush();
        } else {
          prose.push(line);
        }
      }
      flush();
    });
  }
  const sentences = paragraphs.flatMap(sentencesOf);
  const sentenceWords = sentences.reduce((n, s) => n + wordsIn(s), 0);
  const paragraphWords = paragraphs.reduce((n, p) => n + wordsIn(p), 0);
  return {
    sentences: sentences.length,
    meanSentenceWords: sentences.length ? sentenceWords / sentences.length : 0,
    paragraphs: paragraphs.length,
    meanParagraphWords: paragraphs.length ? paragraphWords / paragraphs.length : 0,
    headings,
    listItems,
  };
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : a > 0 ? Number.POSITIVE_INFINITY : 1);

/**
 * How an article's form compares with its references': sentence and paragraph length ratios
 * (quotations count as sentences) and agreement on headings and lists.
 */
export function styleMatch(markdown: string, references: readonly string[]): StyleMatch {
  const article = formOf([markdown]);
  const reference = formOf(references);
  return {
    sentenceRatio: ratio(article.meanSentenceWords, reference.meanSentenceWords),
    paragraphRatio: ratio(article.meanParagraphWords, reference.meanParagraphWords),
    headingsAgree: article.headings > 0 === reference.headings > 0,
    listsAgree: article.listItems > 0 === reference.listItems > 0,
    article,
    reference,
  };
}
