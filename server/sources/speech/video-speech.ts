import type { AudioSource } from "../audio";
import { audioPieces } from "./audio-pieces";
import type { SpeechToText, SpokenText } from "./transcriber";

/**
 * The words of a video that has no captions, heard from its audio: null when no speech to text
 * is configured or the source has no audio for it. A failure of the audio or the service is
 * thrown (AudioError, SpeechToTextError): the article is not quietly written from the
 * description instead.
 */
export async function speechFromVideoAudio(
  videos: Partial<Pick<AudioSource, "fetchAudio">>,
  speech: SpeechToText | null,
  videoId: string,
): Promise<(SpokenText & { language: string }) | null> {
  if (!speech || !videos.fetchAudio) return null;
  const audio = await videos.fetchAudio(videoId);
  if (!audio) return null;
  try {
    const heard = await speech.transcribe(await audioPieces(audio.path));
    return { ...heard, language: languageCode(heard.language) };
  } finally {
    await audio.release();
  }
}

// The services answer verbose_json's language as an English name ("english"), some as a code.
const LANGUAGE_NAMES: Record<string, string> = {
  english: "en",
  spanish: "es",
  french: "fr",
  german: "de",
  portuguese: "pt",
  italian: "it",
  dutch: "nl",
  polish: "pl",
  russian: "ru",
  ukrainian: "uk",
  turkish: "tr",
  arabic: "ar",
  hindi: "hi",
  japanese: "ja",
  korean: "ko",
  chinese: "zh",
  swedish: "sv",
  norwegian: "no",
  danish: "da",
  finnish: "fi",
  greek: "el",
  czech: "cs",
  romanian: "ro",
  hungarian: "hu",
  indonesian: "id",
  vietnamese: "vi",
  thai: "th",
  hebrew: "he",
  swahili: "sw",
  yoruba: "yo",
  hausa: "ha",
  twi: "tw",
};

/** A BCP 47 code for what the service said it heard ("english" → "en"), "und" when it cannot be told. */
export function languageCode(heard: string | null): string {
  const value = (heard ?? "").trim().toLowerCase();
  if (/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(value) && !(value in LANGUAGE_NAMES)) return value;
  return LANGUAGE_NAMES[value] ?? "und";
}
