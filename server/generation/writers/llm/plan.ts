import type { TranscriptLine } from "./transcript";

/**
 * A tolerant reading of the plan a model made before a medium or long article (the layout is in
 * buildPlanSystemPrompt). Whatever cannot be read is left out; a plan with nothing usable is
 * null, and the article is then written without one. Nothing here trusts the model's copy of the
 * sources: quotations are the transcript's own lines, picked by the line numbers the plan gives,
 * speakers must appear in the sources, and a section's start must be a moment that has a marker.
 */

export interface PlanSpeaker {
  name: string;
  role: string | null;
}

export interface PlanSection {
  title: string;
  /** Seconds where the section's material starts; null when not given or not a known moment. */
  start: number | null;
}

export interface PlanQuote {
  /** 1-based line number in the transcript (the first of the lines quoted). */
  line: number;
  start: number | null;
  speaker: string | null;
  /** The transcript's words, copied from the referenced lines. */
  text: string;
}

export interface ArticlePlan {
  angle: { kind: "peg" | "thesis"; text: string } | null;
  speakers: PlanSpeaker[];
  sections: PlanSection[];
  quotes: PlanQuote[];
}

export interface PlanContext {
  /** The transcript lines as numbered in the plan prompt (L1 is lines[0]); empty when none were sent. */
  lines: readonly TranscriptLine[];
  /** Moments (seconds) that a marker in the prompt gave: line starts and chapter starts. */
  moments: ReadonlySet<number>;
  /** Every source text a name may come from: transcript, title, description, channel, chapters. */
  sourceText: string;
}

const MAX_SPEAKERS = 8;
const MAX_SECTIONS = 8;
const MAX_QUOTES = 6;
/** A quotation may span a few consecutive lines, no more. */
const MAX_QUOTE_LINES = 2;
const GENERIC_SPEAKERS = /^(the )?(presenter|host|narrator|speaker|interviewer|interviewee|channel)$/i;

type Part = "speakers" | "sections" | "quotes";

const HEADER =
  /^(PEG|NEWS PEG|THESIS|SPEAKERS|WHO SPEAKS|SECTIONS|OUTLINE|QUOTES|QUOTATIONS)\s*(?:\*\*|__)?\s*[:：-]?\s*(?:\*\*|__)?\s*(.*)$/i;
const ITEM = /^(?:[-*•+]|\d+[.)])\s+(.*)$/;

/** The plan in a model's answer, or null when it holds nothing usable. */
export function parsePlan(answer: string, context: PlanContext): ArticlePlan | null {
  const plan: ArticlePlan = { angle: null, speakers: [], sections: [], quotes: [] };
  let part: Part | null = null;
  let wantAngle: "peg" | "thesis" | null = null;
  const text = answer
    .replace(/<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi, "")
    .replace(/^```[\w-]*$/gm, "")
    .replace(/\r/g, "");

  for (const raw of text.split("\n")) {
    const line = raw.trim().replace(/^#{1,6}\s*/, "");
    if (!line) continue;
    const unbolded = line.replace(/^(\*\*|__)/, "");
    const header = HEADER.exec(unbolded);
    if (header) {
      const name = header[1].toUpperCase();
      const rest = clean(header[2]);
      if (name.endsWith("PEG") || name === "THESIS") {
        const kind = name === "THESIS" ? "thesis" : "peg";
        if (rest) plan.angle ??= { kind, text: rest };
        else wantAngle = kind;
        part = null;
      } else {
        part =
          name === "SPEAKERS" || name === "WHO SPEAKS"
            ? "speakers"
            : name === "SECTIONS" || name === "OUTLINE"
              ? "sections"
              : "quotes";
        wantAngle = null;
        // Items on the header's own line: "QUOTES: L12, L40".
        if (rest && rest.toLowerCase() !== "none") {
          for (const item of part === "quotes" ? rest.split(/\s*[,;]\s*/) : [rest]) addItem(plan, part, item, context);
        }
      }
      continue;
    }
    if (wantAngle) {
      plan.angle ??= { kind: wantAngle, text: clean(line.replace(ITEM, "$1")) };
      wantAngle = null;
      continue;
    }
    const item = ITEM.exec(line)?.[1];
    if (!part || item === undefined) continue;
    addItem(plan, part, item, context);
  }

  if (plan.angle && !plan.angle.text) plan.angle = null;
  if (!plan.angle && plan.sections.length === 0 && plan.quotes.length === 0) return null;
  return plan;
}

function addItem(plan: ArticlePlan, part: Part, item: string, context: PlanContext) {
  if (part === "speakers") addSpeaker(plan, item, context);
  else if (part === "sections") addSection(plan, item, context);
  else addQuote(plan, item, context);
}

function addSpeaker(plan: ArticlePlan, item: string, context: PlanContext) {
  if (plan.speakers.length >= MAX_SPEAKERS) return;
  const [rawName, ...rest] = item.split(/\s*[|—–]\s*|\s+-\s+|\s*:\s+/);
  let name = clean(rawName ?? "");
  let role = clean(rest.join(", "));
  const inParens = /^(.*?)\s*\(([^)]*)\)$/.exec(name);
  if (inParens && !role) {
    name = clean(inParens[1]);
    role = clean(inParens[2]);
  }
  if (!name || name.length > 80 || !isKnownName(name, context)) return;
  if (plan.speakers.some((s) => s.name.toLowerCase() === name.toLowerCase())) return;
  plan.speakers.push({ name, role: role ? role.slice(0, 80) : null });
}

function addSection(plan: ArticlePlan, item: string, context: PlanContext) {
  if (plan.sections.length >= MAX_SECTIONS) return;
  const time = /\[?\s*(?:\d{1,2}:)?\d{1,2}:\d{2}\s+t\s*=\s*(\d+)\s*\]?|\bt\s*=\s*(\d+)\s*s?\b/i.exec(item);
  const seconds = time ? Number(time[1] ?? time[2]) : null;
  const title = clean((time ? item.replace(time[0], " ") : item).replace(/^\s*[|:—–-]\s*|\s*[|:—–-]\s*$/g, ""));
  if (!title) return;
  plan.sections.push({
    title: title.slice(0, 150),
    start: seconds !== null && context.moments.has(seconds) ? seconds : null,
  });
}

function addQuote(plan: ArticlePlan, item: string, context: PlanContext) {
  if (plan.quotes.length >= MAX_QUOTES) return;
  const ref = /\bL(?:ine)?\s*(\d+)(?:\s*[-–]\s*L?(\d+))?/i.exec(item);
  if (!ref) return;
  const first = Number(ref[1]);
  if (first < 1 || first > context.lines.length) return;
  const wanted = ref[2] ? Number(ref[2]) : first;
  const last = wanted >= first ? Math.min(wanted, first + MAX_QUOTE_LINES - 1, context.lines.length) : first;
  if (plan.quotes.some((q) => q.line === first)) return;
  const speakerText = clean(
    item
      .slice(ref.index + ref[0].length)
      .split(/\s*\|\s*/)
      .find((p) => clean(p)) ?? "",
  ).replace(/^\((.*)\)$/, "$1");
  const quoted = context.lines.slice(first - 1, last);
  plan.quotes.push({
    line: first,
    start: quoted[0].start,
    speaker: speakerText && speakerText.length <= 80 && isKnownName(speakerText, context) ? speakerText : null,
    text: quoted.map((l) => l.text).join(" "),
  });
}

/** A name the sources contain (or a generic label such as "the presenter"): never an invented one. */
function isKnownName(name: string, context: PlanContext): boolean {
  if (GENERIC_SPEAKERS.test(name)) return true;
  const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, " ");
  return normalize(context.sourceText).includes(normalize(name));
}

/** Markdown emphasis, quotes and brackets a model wraps items in. */
function clean(text: string): string {
  return text
    .replace(/\*\*|__|`/g, "")
    .replace(/^["'“”‘’\s]+|["'“”‘’\s]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
