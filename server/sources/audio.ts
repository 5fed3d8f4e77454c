import { rm } from "node:fs/promises";

/**
 * Where a video's audio can be had as a local file, for speech to text when the video has no
 * captions: a fixture's shipped file (VIDEO_SOURCE=fixtures) or YouTube's audio-only stream
 * downloaded to a temporary file. A video source that can give audio implements this beside
 * fetchVideo.
 */
export interface AudioSource {
  /** Whether the video's audio can be had, answered without downloading it. */
  hasAudio(videoId: string): Promise<boolean>;
  /** A file holding the video's audio, or null when there is none to be had. */
  fetchAudio(videoId: string): Promise<AudioFile | null>;
}

/** A local audio file; release() when done with it (a temporary download is then deleted). */
export interface AudioFile {
  path: string;
  release(): Promise<void>;
}

/** A file that stays where it is (a fixture's sample, an uploaded recording's copy kept by its owner). */
export function keptAudioFile(path: string): AudioFile {
  return { path, release: async () => {} };
}

/** A file made for this one use: deleted on release. */
export function temporaryAudioFile(path: string): AudioFile {
  return { path, release: () => rm(path, { force: true }) };
}

/** Whether a video source can also give the video's audio. */
export function canFetchAudio<T extends object>(source: T): source is T & AudioSource {
  const audio = source as Partial<AudioSource>;
  return typeof audio.fetchAudio === "function" && typeof audio.hasAudio === "function";
}
