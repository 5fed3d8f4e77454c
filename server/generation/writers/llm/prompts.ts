/**
 * Every prompt the LLM writer sends, as pure functions of the request.
 *
 * Untrusted text (titles, descriptions, transcripts, comments, reference articles, and the notes
 * a model took from a transcript) only ever appears inside data blocks such as
 * `<transcript>…</transcript>`, with anything inside that looks like a tag neutralised, and the
 * system prompt says that data is material, never instructions. Instructions come first and are
 * repeated briefly after the data, so a transcript cannot have the last word.
 *
 * This file gathers them; each step has its file: prompts-article.ts (the article's system
 * prompt and user message), prompts-plan.ts, prompts-notes.ts, prompts-revise.ts, and
 * prompts-material.ts (the data blocks they share).
 */
export { buildArticleSystemPrompt, buildArticleUserPrompt, formatInstructions, languageName } from "./prompts-article";
export {
  type ArticleSource,
  type ChunkNotes,
  DATA_TAGS,
  dataBlock,
  LEFT_OUT,
  neutralizeData,
} from "./prompts-material";
export { buildNotesSystemPrompt, buildNotesUserPrompt } from "./prompts-notes";
export { buildPlanSystemPrompt, buildPlanUserPrompt, PLAN_HEADER } from "./prompts-plan";
export { buildCorrectionPrompt, buildReceiptsRevisionPrompt, buildRevisionPrompt } from "./prompts-revise";
