import type { GenerationStage, TranscriptSource } from "../../contract/articles";
import type { ArticleEvidence } from "../../contract/evidence";
import { RECORDING_ERRORS } from "../../contract/recordings";
import { renderMarkdown } from "../content/render";
import { countWords } from "../content/text";
import { type AudioSource, keptAudioFile } from "../sources/audio";
import type { SpeechToText } from "../sources/speech";
import { speechFromVideoAudio } from "../sources/speech/video-speech";
import { checkArticle } from "./receipts";
import {
  NO_SPEECH_HEARD,
  type RecordingFiles,
  RecordingMissingError,
  RecordingUnheardError,
  recordingVideo,
  recordingWording,
  withoutRecordingLinks,
} from "./recording-source";
import type { ArticleWriter, Transcript, VideoData, VideoSource, WriteRequest, WrittenArticle } from "./types";

/** Where a pipeline run reports its real progress (the create dialog shows these). */
export type StageReporter = (stage: GenerationStage, detail?: string) => Promise<void> | void;

export interface PipelineDeps {
  /** Where videos come from; a source that can also give their audio (fetchAudio) lets speech to text hear them. */
  videos: VideoSource & Partial<AudioSource>;
  writer: ArticleWriter;
  /** Speech to text for videos without captions (STT_PROVIDER); none: such a video is written from its description. */
  speech?: SpeechToText | null;
  /** Where uploaded recordings are read from (articles written from your own recording). */
  recordings?: RecordingFiles | null;
}

export interface PipelineInput {
  videoId: string;
  style: WriteRequest["style"];
  length: WriteRequest["length"];
  tone: WriteRequest["tone"];
  includeComments: boolean;
  category: string | null;
  referenceArticles: string[];
  /** The language asked for; null: the video's own. */
  language?: WriteRequest["language"];
  /** A transcript the user supplied, already parsed; used instead of the video's. */
  userTranscript: Transcript | null;
  /** Your own recording instead of a video: its id, whose it is, and who is speaking. */
  recording?: { id: string; userId: string; authorName: string } | null;
}

export interface PipelineResult {
  video: VideoData;
  article: WrittenArticle;
  html: string;
  wordCount: number;
  transcriptUsed: boolean;
  /** How the words were obtained: captions, auto-captions, pasted, or none (the description only). */
  transcriptSource: TranscriptSource;
  /** The language the article is written in (BCP 47), or null when it cannot be told. */
  language: string | null;
  /** What the receipts checked (every quotation, speaker and moment against the sources). */
  evidence: ArticleEvidence;
}

/** How many top comments a writer sees: enough for a fair picture, bounded for the prompt. */
const MAX_COMMENTS = 30;

/**
 * From a video id to a written, rendered article: the same steps for the job, the CLI and the
 * benchmarks. Stages are reported as they really happen.
 */
export async function produceArticle(
  deps: PipelineDeps,
  input: PipelineInput,
  report: StageReporter = () => {},
): Promise<PipelineResult> {
  await report("metadata");
  const source = input.recording ? await openRecording(deps, input.recording) : null;
  try {
    return await writeFrom(deps, input, source, report);
  } finally {
    await source?.release();
  }
}

/** The recording's file and its stand-in video; a recording gone or not ready fails for good. */
async function openRecording(deps: PipelineDeps, recording: NonNullable<PipelineInput["recording"]>) {
  if (!deps.speech) throw new RecordingUnheardError(RECORDING_ERRORS.noSpeechToText);
  const opened = await deps.recordings?.open(recording.id, recording.userId);
  if (!opened) throw new RecordingMissingError();
  const video = recordingVideo(recording.id, opened.fileName, opened.durationSeconds, recording.authorName);
  return { video, path: opened.path, release: opened.release };
}

async function writeFrom(
  deps: PipelineDeps,
  input: PipelineInput,
  recording: { video: VideoData; path: string } | null,
  report: StageReporter,
): Promise<PipelineResult> {
  const video = recording ? recording.video : await deps.videos.fetchVideo(input.videoId);

  await report("analyzing");
  let transcript = recording ? null : pickTranscript(input.userTranscript, video.transcript);
  // No captions and none pasted: the video's own audio (or your recording), heard by speech to
  // text when it is configured.
  if (!transcript) {
    const audio = recording ? { fetchAudio: async () => keptAudioFile(recording.path) } : deps.videos;
    const heard = await speechFromVideoAudio(audio, deps.speech ?? null, video.id);
    if (heard && heard.segments.length > 0) {
      transcript = { language: heard.language, kind: "speech", timed: true, segments: heard.segments };
    }
    // A recording is nothing but its words: without them there is no article to write.
    if (recording && !transcript) throw new RecordingUnheardError(NO_SPEECH_HEARD);
  }

  await report("transcript", transcriptDetail(transcript));

  await report("comments");
  const comments =
    input.includeComments && video.comments
      ? [...video.comments].sort((a, b) => b.likes - a.likes).slice(0, MAX_COMMENTS)
      : null;

  await report("writing");
  let progress: Promise<unknown> = Promise.resolve();
  const written = await deps.writer.write(
    {
      video: { ...video, comments },
      transcript,
      style: input.style,
      length: input.length,
      tone: input.tone,
      includeComments: input.includeComments && comments !== null && comments.length > 0,
      category: input.category,
      referenceArticles: input.referenceArticles,
      language: input.language ?? null,
    },
    (event) => {
      // Writers report progress without waiting; chain the reports so none lands after the
      // job has finished, and let a lost claim surface at the next awaited stage instead.
      progress = progress.then(() => report("writing", event.detail)).catch(() => {});
    },
  );
  await progress;

  await report("finalizing");
  // Receipts for every writer: what is published is what the sources hold.
  const { rejectedQuotes, ...draft } = written;
  const checked = checkArticle(
    draft,
    { video: { ...video, comments }, transcript, includeComments: comments !== null && comments.length > 0 },
    { rejected: rejectedQuotes },
  );
  // A recording has no page to play a moment on (its moments stay as plain times), and is no
  // video on YouTube (the frames say "recording").
  const told = (text: string) =>
    recording ? recordingWording(text, written.language ?? transcript?.language ?? null) : text;
  const article: WrittenArticle = {
    ...draft,
    title: told(checked.title || written.title),
    excerpt: told(checked.excerpt),
    markdown: told(recording ? withoutRecordingLinks(checked.markdown, video.id) : checked.markdown),
  };
  return {
    video,
    article,
    html: renderMarkdown(article.markdown),
    wordCount: countWords(article.markdown),
    transcriptUsed: transcript !== null,
    // A recording always has its words here (writeFrom throws when none were heard).
    transcriptSource: recording ? "file" : transcriptSourceOf(transcript),
    language: languageTag(written.language ?? transcript?.language ?? null),
    evidence: checked.evidence,
  };
}

/** How a transcript was obtained, as the article records it; null (none usable) is "none". */
export function transcriptSourceOf(transcript: Transcript | null): TranscriptSource {
  switch (transcript?.kind) {
    case "manual":
      return "captions";
    case "auto":
      return "auto-captions";
    case "user":
      return "pasted";
    case "speech":
      return "speech";
    default:
      return "none";
  }
}

/** A BCP 47 tag fit for a page's lang attribute ("en", "pt-BR"), or null for none or "und". */
export function languageTag(value: string | null): string | null {
  const tag = value?.trim() ?? "";
  if (!/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/.test(tag) || /^und\b/i.test(tag)) return null;
  const [base, ...rest] = tag.split("-");
  return [base.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join("-");
}

/** What the progress line says of the words found. */
function transcriptDetail(transcript: Transcript | null): string {
  if (!transcript) return "no transcript";
  const lines = transcript.segments.length;
  return transcript.kind === "speech" ? `${lines} lines heard by speech recognition` : `${lines} caption lines`;
}

/** The user's own transcript wins; an empty one counts as none. */
function pickTranscript(user: Transcript | null, fetched: Transcript | null): Transcript | null {
  if (user?.segments.some((s) => s.text.trim())) return user;
  if (fetched?.segments.some((s) => s.text.trim())) return fetched;
  return null;
}
