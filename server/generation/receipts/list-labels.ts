/*
 * A "Word:" at the start of a caption line is usually a speaker's label ("Coach:", "Dr. Amara
 * Osei:"), but a typed transcript also opens list items that way: "Step 1:", "Erster Schritt:",
 * "Tip:", "Zutaten:". Those are the speaker's words, not someone else speaking; the writer
 * (extractive/verbatim.ts) and the receipts (sources.ts) read the same marks.
 */

// Words that make a label a list item's: steps, tips, notes, ingredients, methods, mistakes,
// rules, lessons, chapters, in the framed languages. Not words that are also surnames
// ("Day", "Week").
const LIST_WORDS = new Set(
  `step steps paso pasos passo passos étape etape étapes schritt tip tips tipp tipps consejo consejos astuce astuces
  dica dicas note notes nota notas hinweis warning achtung aviso important wichtig importante ingredients zutaten
  ingredientes ingrédients method methode método méthode bonus update edit mistake mistakes fehler error erro
  erreur rule rules regel regla règle regra lesson lektion lección leçon lição chapter kapitel capítulo chapitre`.split(
    /\s+/,
  ),
);

/** Whether a line's label ("Erster Schritt", "Step 1", "[Tip]") names a list item, not a speaker. */
export function isListLabel(label: string): boolean {
  return label
    .toLowerCase()
    .replace(/[[\]:]/g, " ")
    .split(/\s+/)
    .some((word) => LIST_WORDS.has(word.replace(/[.'’]+$/, "")));
}
