import { z } from "zod";
import type { Transcript, TranscriptSegment } from "../types";
import type { CaptionTrackLike, TranscriptInfoLike, VideoInfoLike } from "./youtube-shapes";

// A video's words from YouTube: the transcript panel, else a caption track's json3 file (manual
// captions first); split from youtube.ts, which holds the client and the rest of the mapping.

/**
 * The transcript shown in YouTube's transcript panel. Its language and kind come from the
 * caption track whose name is the selected language ("English (auto-generated)" is the asr
 * track). Returns null when the panel holds no lines.
 */
export function mapTranscriptInfo(
  transcriptInfo: TranscriptInfoLike,
  captionTracks: ReadonlyArray<CaptionTrackLike> = [],
): Transcript | null {
  const items = transcriptInfo.transcript?.content?.body?.initial_segments ?? [];
  const segments: TranscriptSegment[] = [];
  for (const item of items) {
    // Section headers in the panel repeat the chapter titles, not what is said.
    if (item.type === "TranscriptSectionHeader") continue;
    const startMs = Number(item.start_ms);
    const endMs = Number(item.end_ms);
    const text = cleanCaption(item.snippet.text ?? "");
    if (!text || !Number.isFinite(startMs)) continue;
    segments.push({
      start: startMs / 1000,
      duration: Number.isFinite(endMs) && endMs > startMs ? (endMs - startMs) / 1000 : 0,
      text,
    });
  }
  if (segments.length === 0) return null;

  const selected = transcriptInfo.selectedLanguage.trim();
  const track = captionTracks.find((t) => t.name.text?.trim() === selected);
  const auto = track ? track.kind === "asr" : /auto-generated/i.test(selected);
  const language =
    track?.language_code ?? (auto ? captionTracks.find((t) => t.kind === "asr")?.language_code : undefined) ?? "und";
  return { language, kind: auto ? "auto" : "manual", timed: true, segments };
}

/**
 * The caption track to read when the transcript panel fails: manual captions in the spoken
 * language, else the automatic ones, else any manual track.
 */
export function pickCaptionTrack(tracks: ReadonlyArray<CaptionTrackLike>): CaptionTrackLike | null {
  const asr = tracks.find((t) => t.kind === "asr");
  const spoken = asr?.language_code.split("-")[0].toLowerCase();
  const manual = tracks.filter((t) => t.kind !== "asr");
  return (
    (spoken ? manual.find((t) => t.language_code.split("-")[0].toLowerCase() === spoken) : undefined) ??
    asr ??
    manual[0] ??
    null
  );
}

const json3Captions = z.object({
  events: z
    .array(
      z.object({
        tStartMs: z.number().optional(),
        dDurationMs: z.number().optional(),
        segs: z.array(z.object({ utf8: z.string().optional() })).optional(),
      }),
    )
    .default([]),
});

/** Lines of a timedtext `fmt=json3` caption file; [] when it holds none. */
export function parseJson3Captions(json: unknown): TranscriptSegment[] {
  const parsed = json3Captions.safeParse(json);
  if (!parsed.success) return [];
  const segments: TranscriptSegment[] = [];
  for (const event of parsed.data.events) {
    if (!event.segs || event.tStartMs === undefined) continue;
    const text = cleanCaption(event.segs.map((seg) => seg.utf8 ?? "").join(""));
    if (!text) continue;
    segments.push({ start: event.tStartMs / 1000, duration: (event.dDurationMs ?? 0) / 1000, text });
  }
  return segments;
}

function cleanCaption(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

// Transcripts fail often from servers (YouTube blocks them, or the video has none): never throw.
export async function fetchTranscript(info: VideoInfoLike, http: typeof fetch): Promise<Transcript | null> {
  const tracks = info.captions?.caption_tracks ?? [];
  try {
    const transcript = mapTranscriptInfo(await info.getTranscript(), tracks);
    if (transcript) return transcript;
  } catch {
    // The panel is missing or refused: try the caption file itself.
  }
  const track = pickCaptionTrack(tracks);
  if (!track) return null;
  try {
    const url = new URL(track.base_url, "https://www.youtube.com");
    url.searchParams.set("fmt", "json3");
    const response = await http(url);
    if (!response.ok) return null;
    const text = await response.text();
    // An empty body is how YouTube refuses caption files to clients it does not trust.
    if (!text.trim()) return null;
    const segments = parseJson3Captions(JSON.parse(text));
    if (segments.length === 0) return null;
    return { language: track.language_code, kind: track.kind === "asr" ? "auto" : "manual", timed: true, segments };
  } catch {
    return null;
  }
}
