import type { FakeLlmRequest } from "./llm-server";

/**
 * Reading the LLM writer's prompts back, as a model would: what kind of call it is, and the
 * video's material from the data blocks (metadata, chapters, transcript or notes lines with their
 * `t=` moments, with or without the `L12` numbers of the plan call, and comments).
 */

/** What the writer asked for: a plan, notes on a transcript part, a revision, or an article. */
export type RequestKind = "plan" | "notes" | "revision" | "article" | "other";

export interface SourceLine {
  /** Seconds from the `t=` marker; null for an untimed line. */
  seconds: number | null;
  text: string;
  /** The `L12` number the plan prompt gives each line; null when lines are not numbered. */
  number: number | null;
}

/** What the prompt says about the video, read back from its data blocks. */
export interface PromptMaterial {
  videoId: string | null;
  title: string;
  channel: string;
  durationSeconds: number | null;
  description: string;
  chapters: { seconds: number; title: string }[];
  /** Sections of the editor's plan the article prompt passes on ("Sections, in order:"). */
  planSections: { seconds: number | null; title: string }[];
  /** Transcript lines (or notes bullets when the transcript came as notes). */
  lines: SourceLine[];
  source: "transcript" | "notes" | "none";
  comments: { author: string; text: string }[];
  includeComments: boolean;
  style: "blog" | "nyt" | "custom";
  range: { min: number; max: number } | null;
  category: string;
  /** Capitalised words that are names, so a clipped sentence keeps their capital. */
  names: Set<string>;
}

export function requestKind(request: FakeLlmRequest): RequestKind {
  const system = request.messages.filter((m) => m.role === "system").map((m) => m.content);
  const last = request.lastUserText;
  if ([...system, last].some((text) => text.includes("ARTICLE PLAN"))) return "plan";
  if (system.some((text) => text.startsWith("You take notes")) || last.startsWith("Take notes on part")) return "notes";
  if (/Revise the article|could not be verified|Your answer could not be used/i.test(last)) return "revision";
  return /between \d+ and \d+ words/.test(promptText(request)) ? "article" : "other";
}

// ---------------------------------------------------------------------------------------------
// Reading the prompt

const BLOCK =
  /^<(video_metadata|description|chapters|transcript|transcript_part|notes|comments|reference_article)\b[^>\n]*>\n([\s\S]*?)\n<\/\1>$/gm;
const MARKED_LINE = /^(?:L(\d+)[:.|]?\s+)?\[(\d+(?::\d{2}){1,2}) t=(\d+)\]\s?(.*)$/;
const LINE_NUMBER = /^L(\d+)[:.|]?\s+/;

/** Everything but the model's own earlier answers: what the seed and the material come from. */
export function promptText(request: FakeLlmRequest): string {
  return request.messages
    .filter((m) => m.role !== "assistant")
    .map((m) => m.content)
    .join("\n\n");
}

export function readPrompt(request: FakeLlmRequest): PromptMaterial {
  const system = request.messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n\n");
  const user = request.messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .join("\n\n");
  const blocks = new Map<string, string[]>();
  for (const match of user.matchAll(BLOCK)) blocks.set(match[1], [...(blocks.get(match[1]) ?? []), match[2]]);
  const metadata = (blocks.get("video_metadata") ?? []).join("\n");
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(metadata)?.[1]?.trim() ?? "";
  const transcript = [...(blocks.get("transcript") ?? []), ...(blocks.get("transcript_part") ?? [])];
  const notes = blocks.get("notes") ?? [];
  const source = transcript.length ? "transcript" : notes.length ? "notes" : "none";
  const ranges = [...promptText(request).matchAll(/between (\d+) and (\d+) words/g)];
  const range = ranges.at(-1);
  const duration = field("Duration");
  const categoryLine = /^CATEGORY: (.*)$/m.exec(system)?.[1] ?? "Education";
  const choices = /^<exactly one of: (.*)>$/.exec(categoryLine)?.[1].split(", ");
  const material = {
    videoId: /youtube\.com\/watch\?v=([\w-]{6,})/.exec(request.text)?.[1] ?? null,
    title: field("Title") || "this video",
    channel: field("Channel") || "the channel",
    durationSeconds: duration ? parseClock(duration) : null,
    description: (blocks.get("description") ?? []).join("\n"),
    chapters: (blocks.get("chapters") ?? [])
      .flatMap((b) => b.split("\n"))
      .flatMap((line) => {
        const m = MARKED_LINE.exec(line.trim());
        return m ? [{ seconds: Number(m[3]), title: m[4].trim() }] : [];
      }),
    planSections: [...user.matchAll(/^ {2}\d+\. (.+?)(?: \(starts at \[[^\]]* t=(\d+)\]\))?$/gm)].map((m) => ({
      title: m[1],
      seconds: m[2] === undefined ? null : Number(m[2]),
    })),
    lines: source === "transcript" ? readLines(transcript) : source === "notes" ? readLines(notes, true) : [],
    source,
    comments: (blocks.get("comments") ?? [])
      .flatMap((b) => b.split("\n"))
      .flatMap((line) => {
        const m = /^- (.+?) \([\d,]+ likes?\): (.*)$/.exec(line.trim());
        return m ? [{ author: m[1], text: m[2] }] : [];
      }),
    includeComments: system.includes("Viewer comments: include"),
    style: system.includes("Style: a news article") ? "nyt" : system.includes("Style: imitate") ? "custom" : "blog",
    range: range ? { min: Number(range[1]), max: Number(range[2]) } : null,
    category: choices ? (choices.includes("Education") ? "Education" : choices[0]) : categoryLine.trim(),
  } satisfies Omit<PromptMaterial, "names">;
  return { ...material, names: namesIn(material) };
}

function readLines(blocks: string[], bullets = false): SourceLine[] {
  const raw = blocks.flatMap((b) => b.split("\n")).map((l) => (bullets ? l.replace(/^\s*[-*•]\s+/, "") : l).trim());
  const nonEmpty = raw.filter(Boolean);
  const numbered = nonEmpty.length > 0 && nonEmpty.every((l) => LINE_NUMBER.test(l));
  return nonEmpty.map((line) => {
    const m = MARKED_LINE.exec(line);
    if (m) return { seconds: Number(m[3]), text: m[4].trim(), number: m[1] ? Number(m[1]) : null };
    const number = numbered ? Number(LINE_NUMBER.exec(line)![1]) : null;
    return { seconds: null, text: numbered ? line.replace(LINE_NUMBER, "") : line, number };
  });
}

function parseClock(text: string): number | null {
  const parts = text.split(":").map(Number);
  if (parts.some((n) => !Number.isFinite(n))) return null;
  return parts.reduce((total, n) => total * 60 + n, 0);
}

/** Words the sources capitalise in mid-sentence (names), and the commenters. */
function namesIn(material: Omit<PromptMaterial, "names">): Set<string> {
  const text = [...material.lines.map((l) => l.text), material.description, material.title, material.channel].join(" ");
  const names = new Set([...text.matchAll(/(?<=[^.!?…\s]\s+)(\p{Lu}\p{Ll}+)/gu)].map((m) => m[1]));
  for (const c of material.comments) names.add(c.author);
  return names;
}
