/**
 * Where a video's audio can be had as a local file, for speech to text when the video has no
 * captions: a fixture's shipped file (VIDEO_SOURCE=fixtures), later YouTube's audio-only stream.
 * A video source that can give audio implements this beside fetchVideo.
 */
export interface AudioSource {
  /** The path of a file holding the video's audio, or null when there is none to be had. */
  fetchAudio(videoId: string): Promise<string | null>;
}

/** Whether a video source can also give the video's audio. */
export function canFetchAudio<T extends object>(source: T): source is T & AudioSource {
  return typeof (source as Partial<AudioSource>).fetchAudio === "function";
}
