/** What a composer wrote for one word budget. */
export interface Composition {
  markdown: string;
  /** True when the source ran out before the budget did. */
  exhausted: boolean;
  /** Mean words per sentence of the prose paragraphs, when the composer measured them. */
  sentenceWords?: number | null;
}
