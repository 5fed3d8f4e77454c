/**
 * The material the prompts carry, in data blocks: what the article is written from (the
 * transcript or notes on it), the video's metadata, description, chapters, comments and
 * reference articles, each bounded and with anything that looks like a tag neutralised.
 */
import { formatTimestamp } from "../../../content/text";
import type { VideoData, WriteRequest } from "../../types";
import { renderLines, type TranscriptLine, timeMarker } from "./transcript";

/** Notes a model took on one part of a long transcript (the map step). */
export interface ChunkNotes {
  part: number;
  total: number;
  /** Seconds where the part starts and ends; null for an untimed transcript. */
  from: number | null;
  to: number | null;
  text: string;
}

/** What the article is written from. */
export type ArticleSource =
  | { kind: "transcript"; lines: TranscriptLine[]; timed: boolean }
  /** `shortened`: some notes of the middle parts were left out to fit (each such part says so). */
  | { kind: "notes"; notes: ChunkNotes[]; timed: boolean; shortened?: boolean }
  | { kind: "none" };

/** Where notes of a long transcript were cut to fit; the prompt explains it. */
export const LEFT_OUT = "[… part of the transcript left out …]";

export const DATA_TAGS = [
  "video_metadata",
  "description",
  "chapters",
  "transcript",
  "transcript_part",
  "notes",
  "comments",
  "reference_article",
  "plan_quotes",
  "check_findings",
] as const;
type DataTag = (typeof DATA_TAGS)[number];

// Bounds for the side material, so the transcript keeps most of the context.
const MAX_DESCRIPTION_CHARS = 4_000;
const MAX_COMMENTS = 30;
const MAX_COMMENT_CHARS = 400;
const MAX_REFERENCE_CHARS_TOTAL = 12_000;

/**
 * Makes text safe to put inside a data block: anything that looks like an opening or closing tag
 * (`</transcript>`, `< /notes >`, `<system>`) gets its `<` replaced by a look-alike, so the text
 * cannot end its block early or open one of its own. Other text is left exactly as it was.
 */
export function neutralizeData(text: string): string {
  return text.replace(/<(?=\/?[A-Za-z!?]|\s*\/\s*[A-Za-z])/g, "‹");
}

/** A delimited block of untrusted material. Attribute values are ours, never the user's. */
export function dataBlock(tag: DataTag, content: string, attributes: Record<string, string | number> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${String(value).replace(/["<>]/g, "")}"`)
    .join("");
  return `<${tag}${attrs}>\n${neutralizeData(content.trim())}\n</${tag}>`;
}

export function metadataText(video: VideoData): string {
  const lines = [`Title: ${video.title}`, `Channel: ${video.channel.name}`, `URL: ${video.url}`];
  if (video.publishedAt) lines.push(`Published: ${video.publishedAt.slice(0, 10)}`);
  if (video.durationSeconds) lines.push(`Duration: ${formatTimestamp(video.durationSeconds)}`);
  if (video.viewCount !== null) lines.push(`Views: ${video.viewCount.toLocaleString("en-US")}`);
  return lines.join("\n");
}

function clip(text: string, max: number, what: string): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(" "), max - 50);
  return `${cut.slice(0, end)} […the rest of this ${what} is left out]`;
}

/** Blocks for everything about the video except the transcript. */
export function videoBlocks(request: WriteRequest): string[] {
  const { video } = request;
  const blocks = [dataBlock("video_metadata", metadataText(video))];
  if (video.description.trim()) {
    blocks.push(dataBlock("description", clip(video.description.trim(), MAX_DESCRIPTION_CHARS, "description")));
  }
  if (video.chapters.length) {
    blocks.push(
      dataBlock("chapters", video.chapters.map((c) => `${timeMarker(c.startSeconds)} ${c.title}`).join("\n")),
    );
  }
  return blocks;
}

export function commentsBlock(request: WriteRequest): string | null {
  const comments = request.video.comments ?? [];
  if (!request.includeComments || comments.length === 0) return null;
  const lines = comments.slice(0, MAX_COMMENTS).map((c) => {
    const text = clip(c.text.replace(/\s+/g, " ").trim(), MAX_COMMENT_CHARS, "comment");
    const likes = c.likes === 1 ? "1 like" : `${c.likes.toLocaleString("en-US")} likes`;
    return `- ${c.author.replace(/\s+/g, " ").trim() || "A viewer"} (${likes}): ${text}`;
  });
  return dataBlock("comments", lines.join("\n"), { count: lines.length });
}

export function referenceBlocks(request: WriteRequest): string[] {
  if (request.style !== "custom") return [];
  const references = request.referenceArticles.filter((r) => r.trim());
  const each = Math.floor(MAX_REFERENCE_CHARS_TOTAL / Math.max(1, references.length));
  return references.map((text, i) =>
    dataBlock("reference_article", clip(text.trim(), each, "reference article"), { n: i + 1 }),
  );
}

export function sourceBlocks(source: ArticleSource): string[] {
  switch (source.kind) {
    case "transcript":
      return [dataBlock("transcript", renderLines(source.lines))];
    case "notes":
      return source.notes.map((notes) => dataBlock("notes", notes.text, notesAttributes(notes)));
    case "none":
      return [];
  }
}

export function notesAttributes(notes: ChunkNotes): Record<string, string | number> {
  const attributes: Record<string, string | number> = { part: notes.part, of: notes.total };
  if (notes.from !== null) attributes.from = formatTimestamp(notes.from);
  if (notes.to !== null) attributes.to = formatTimestamp(notes.to);
  return attributes;
}
