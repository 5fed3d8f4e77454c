/**
 * The follow-up prompts on an article already written: a revision towards the word range, one
 * targeted revision after the receipts check, and a retry after an unusable answer.
 */
import { formatInstructions } from "./prompts-article";
import { dataBlock } from "./prompts-material";

/** Asks for the same article at a length within the range. */
export function buildRevisionPrompt(input: { words: number; min: number; max: number; thinSource: boolean }): string {
  const target = Math.round((input.min + input.max) / 2);
  const direction =
    input.words > input.max
      ? "It is too long. Tighten it: cut repetition and minor points, keep the key facts, the quotations and the timestamp links."
      : input.thinSource
        ? "It is too short. Expand it where the sources allow: more detail, explanation and quotations from the material. The sources are thin, so if they cannot support the length, stay shorter rather than pad or invent."
        : "It is too short. Expand it from the material: more detail, explanation, examples and quotations from the sources, never invented facts.";
  return [
    `Revise the article so that its body is between ${input.min} and ${input.max} words (aim for about ${target}). It is currently ${input.words} words.`,
    direction,
    "Reply with the whole revised article in the same layout: TITLE, EXCERPT, TAGS and CATEGORY lines, then `---`, then the body.",
  ].join("\n");
}

/**
 * One targeted revision after the receipts check (server/generation/receipts) took out much of
 * the article: what did not match the sources, and the rules again. The findings quote the
 * model's own words, so they go in a data block like any other text.
 */
export function buildReceiptsRevisionPrompt(input: { problems: readonly string[]; min: number; max: number }): string {
  return [
    "Revise the article. A check of every quotation, name and moment link against the video's sources found the problems listed in <check_findings>; what failed would be removed from the article.",
    dataBlock("check_findings", input.problems.map((p) => `- ${p}`).join("\n")),
    "- Quote only words that appear in the transcript (or the description or comments), word for word; show an omission with …. A quotation the sources do not hold goes, with what it claims: replace it with the speaker's exact words from the transcript, or leave it out; do not keep it as a paraphrase unless the transcript says the same.",
    "- Credit only people the sources name; never add an expert, a title or an affiliation.",
    "- Link a moment only with a time from a marker, next to the words said at that time.",
    `Keep everything that was right. The body stays between ${input.min} and ${input.max} words.`,
    "Reply with the whole revised article in the same layout: TITLE, EXCERPT, TAGS and CATEGORY lines, then `---`, then the body.",
  ].join("\n");
}

/** Asks again after an answer that could not be used. */
export function buildCorrectionPrompt(reason: string, categoryFixed: string | null): string {
  return [
    `Your answer could not be used: ${reason}.`,
    "Write the article as asked, from the material in the first message.",
    formatInstructions(categoryFixed),
  ].join("\n\n");
}
