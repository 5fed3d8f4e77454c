import type { Transcript, VideoData, WriteRequest } from "../../types";
import { DATA_TAGS } from "./prompts";

/** Test data for the LLM writer's tests (not used by the app). */

export const VIDEO_ID = "abcDEF12345";

const SENTENCES = [
  "Today we are looking at how small habits compound over a whole year",
  "The first idea is that you should make the habit so easy you cannot say no",
  "Research from the team showed a forty percent improvement after eight weeks",
  "Maria said the hardest part was simply starting every single morning",
  "The second idea is to track progress where you can see it every day",
  "Most people give up in the third week when the novelty wears off",
  "A checklist on the fridge worked better than any app we tried",
  "The final point is that rest days are part of the plan, not a failure",
];

/** A transcript of about `words` words, in 4-second segments (timed) or one plain block. */
export function makeTranscript(words: number, options: { timed?: boolean; language?: string } = {}): Transcript {
  const timed = options.timed ?? true;
  const segments: Transcript["segments"] = [];
  let count = 0;
  let i = 0;
  while (count < words) {
    const text = `${SENTENCES[i % SENTENCES.length]}.`;
    count += text.split(" ").length;
    segments.push({ start: timed ? i * 4 : 0, duration: timed ? 4 : 0, text });
    i += 1;
  }
  if (!timed)
    return {
      language: options.language ?? "en",
      kind: "user",
      timed: false,
      segments: [{ start: 0, duration: 0, text: segments.map((s) => s.text).join(" ") }],
    };
  return { language: options.language ?? "en", kind: "manual", timed: true, segments };
}

export function makeVideo(overrides: Partial<VideoData> = {}): VideoData {
  return {
    id: VIDEO_ID,
    url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
    title: "How Small Habits Compound Over a Year",
    channel: { id: "UC123", name: "Better Days" },
    description: "We look at habit research and what worked for us. Sources: https://example.org/habits-study",
    publishedAt: "2025-03-01T12:00:00Z",
    durationSeconds: 3600,
    viewCount: 48213,
    thumbnails: [],
    chapters: [
      { title: "Intro", startSeconds: 0 },
      { title: "Make it easy", startSeconds: 75 },
    ],
    transcript: null,
    comments: [
      { author: "Sam", text: "The fridge checklist changed my mornings.", likes: 120, publishedAt: null },
      { author: "Lee", text: "Week three is exactly where I quit every time!", likes: 45, publishedAt: null },
    ],
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<WriteRequest> = {}): WriteRequest {
  const transcript = overrides.transcript === undefined ? makeTranscript(1500) : overrides.transcript;
  return {
    video: makeVideo({ transcript }),
    transcript,
    style: "blog",
    length: "short",
    tone: "informative",
    includeComments: true,
    category: null,
    referenceArticles: [],
    ...overrides,
  };
}

/** The text with every data block removed: what the model reads as instructions. */
export function outsideDataBlocks(text: string): string {
  const tags = DATA_TAGS.join("|");
  return text.replace(new RegExp(`<(${tags})\\b[^>]*>[\\s\\S]*?</\\1>`, "g"), "[data]");
}
