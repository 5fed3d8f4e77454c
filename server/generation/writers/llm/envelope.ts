import { countWords } from "../../../content/text";

/**
 * Reading the model's answer. The writer asks for a plain-text envelope:
 *
 *   TITLE: …
 *   EXCERPT: …
 *   TAGS: a, b, c
 *   CATEGORY: …
 *   ---
 *   <markdown body>
 *
 * rather than JSON, because it streams as readable text, costs no escaping of the markdown body
 * (small local models break JSON strings with quotes and newlines), and survives the usual drift:
 * code fences around it, bold keys, a line of preamble, reasoning in <think> tags, a missing
 * field or separator. JSON answers are accepted too, in case a model insists.
 */

export interface ParsedAnswer {
  title?: string;
  excerpt?: string;
  tags?: string[];
  category?: string;
  body: string;
}

type Field = "title" | "excerpt" | "tags" | "category";

const KEY_ALIASES: Record<string, Field> = {
  title: "title",
  headline: "title",
  excerpt: "excerpt",
  summary: "excerpt",
  tags: "tags",
  keywords: "tags",
  category: "category",
};

const HEADER_KEY = /^(?:#{1,6}\s*)?(title|headline|excerpt|summary|tags|keywords|category)\s*[:：]/i;
const SEPARATOR = /^\s*(?:-{3,}|\*{3,}|_{3,}|={3,})\s*$/;
/** Lines of chatter a model may put before the envelope ("Sure! Here is the article:"). */
const MAX_PREAMBLE_LINES = 2;
/** The envelope's fields must start within this many non-blank lines. */
const HEADER_WINDOW = 8;

/** Splits an answer into its fields and body, tolerating the common ways models drift. */
export function parseAnswer(raw: string): ParsedAnswer {
  let text = stripReasoning(raw.replace(/\r\n?/g, "\n")).trim();
  text = unwrapFence(text);

  const json = parseJsonAnswer(text);
  if (json) return json;

  const lines = text.split("\n");
  const fields: Partial<Record<Field, string>> = {};
  let bodyStart = 0;
  let nonBlank = 0;
  let preamble = 0;
  let sawHeader = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim()) continue;
    const cleaned = line.replace(/[*_`]/g, "").trim();
    const match = HEADER_KEY.exec(cleaned);
    if (match) {
      const field = KEY_ALIASES[match[1].toLowerCase()];
      const value = cleanValue(line.slice(line.search(/[:：]/) + 1));
      if (fields[field] === undefined) fields[field] = value;
      sawHeader = true;
      bodyStart = i + 1;
      continue;
    }
    if (sawHeader) {
      // The first line that is not a field ends the header: a separator, or the body itself.
      bodyStart = SEPARATOR.test(line) ? i + 1 : i;
      break;
    }
    nonBlank += 1;
    if (SEPARATOR.test(line) || line.trimStart().startsWith("#")) break;
    preamble += 1;
    if (preamble > MAX_PREAMBLE_LINES || nonBlank >= HEADER_WINDOW) break;
  }

  const body = sawHeader ? lines.slice(bodyStart).join("\n") : text;
  return finishBody({
    title: fields.title || undefined,
    excerpt: fields.excerpt || undefined,
    tags: fields.tags ? splitTags(fields.tags) : undefined,
    category: fields.category || undefined,
    body,
  });
}

/** Why an answer cannot be used as an article, or null when it can. */
export function junkReason(answer: ParsedAnswer): string | null {
  const words = countWords(answer.body);
  if (words === 0) return "it contained no article body";
  const opening = answer.body
    .slice(0, 300)
    .replace(/[*_#>\s]+/g, " ")
    .trim();
  if (words < 200 && REFUSAL.test(opening)) return "it was a refusal, not an article";
  if (words < MIN_ARTICLE_WORDS) return `the article body was only ${words} words`;
  return null;
}

/** Below this an answer is not an article at all (a thin source still gives a few paragraphs). */
export const MIN_ARTICLE_WORDS = 40;

const REFUSAL =
  /^(?:I['’]m sorry|I am sorry|Sorry,|I apologi[sz]e|I can(?:no|['’])t|I can not|I['’]m (?:not able|unable)|I am (?:not able|unable)|I won['’]t|As an AI|Unfortunately,? I)/i;

/** The envelope again, for the revision conversation (the model sees its own best answer). */
export function formatAnswer(answer: {
  title: string;
  excerpt: string;
  tags: string[];
  category: string;
  body: string;
}): string {
  return [
    `TITLE: ${answer.title}`,
    `EXCERPT: ${answer.excerpt}`,
    `TAGS: ${answer.tags.join(", ")}`,
    `CATEGORY: ${answer.category}`,
    "---",
    answer.body,
  ].join("\n");
}

function stripReasoning(text: string): string {
  // Reasoning models served through OpenAI-compatible servers (Ollama, vLLM) often inline their
  // thinking; an unclosed block means the answer never came.
  return text
    .replace(/<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi, "")
    .replace(/^\s*<(think|thinking)>[\s\S]*$/i, "");
}

function unwrapFence(text: string): string {
  const whole = /^```[\w-]*[ \t]*\n([\s\S]*?)\n?```\s*$/.exec(text);
  if (whole) return whole[1].trim();
  // A preamble line, then the envelope in a fence.
  const inner = /(?:^|\n)```[\w-]*[ \t]*\n([\s\S]*?)\n```(?:\n|$)/.exec(text);
  if (inner && HEADER_KEY.test(inner[1].trimStart().replace(/[*_`]/g, ""))) return inner[1].trim();
  return text;
}

function parseJsonAnswer(text: string): ParsedAnswer | null {
  if (!text.startsWith("{")) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const str = (...keys: string[]) => {
    for (const key of keys) if (typeof record[key] === "string") return (record[key] as string).trim();
    return undefined;
  };
  const body = str("body", "markdown", "content", "article");
  if (body === undefined) return null;
  const tags = Array.isArray(record.tags)
    ? record.tags.filter((t): t is string => typeof t === "string")
    : typeof record.tags === "string"
      ? splitTags(record.tags)
      : undefined;
  return finishBody({
    title: str("title", "headline"),
    excerpt: str("excerpt", "summary"),
    tags,
    category: str("category"),
    body,
  });
}

/** Body clean-up: the title heading the page already shows, stray fences and separators. */
function finishBody(answer: ParsedAnswer): ParsedAnswer {
  let body = answer.body.trim();
  let title = answer.title ? cleanTitle(answer.title) : undefined;
  body = body.replace(/\n?```\s*$/, (fence) => (countFences(body) % 2 === 1 ? "" : fence)).trim();
  body = body.replace(/^(?:\s*(?:-{3,}|\*{3,}|_{3,})\s*\n)+/, "").replace(/(?:\n\s*(?:-{3,}|\*{3,}|_{3,})\s*)+$/, "");
  body = body.trim();

  const firstLine = body.split("\n", 1)[0];
  const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(firstLine);
  if (heading) {
    const headingText = cleanTitle(heading[2]);
    const isTitle = heading[1] === "#" || (title !== undefined && sameText(headingText, title));
    if (isTitle) {
      title ??= headingText;
      body = body.slice(firstLine.length).trim();
    }
  }
  // Lower any remaining `#` headings: the page's own title is the only h1.
  body = body.replace(/^#(?=\s)/gm, "##");
  return { ...answer, title, body };
}

function countFences(text: string): number {
  return (text.match(/^```/gm) ?? []).length;
}

function cleanValue(value: string): string {
  return value
    .trim()
    .replace(/^[*_`]+|[*_`]+$/g, "")
    .trim();
}

function cleanTitle(title: string): string {
  return title
    .replace(/[*_`]+/g, "")
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  return norm(a) === norm(b);
}

function splitTags(value: string): string[] {
  return value
    .split(/[,;|]|\s#/)
    .map((tag) =>
      tag
        .replace(/^[\s#"'[\]]+|[\s"'[\].]+$/g, "")
        .replace(/[*_`]/g, "")
        .trim(),
    )
    .filter(Boolean);
}
