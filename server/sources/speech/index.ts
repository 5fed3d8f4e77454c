import type { AppConfig } from "../../config";
import { createSpeechToText, type SpeechToText } from "./transcriber";

export {
  type AudioPiece,
  MAX_UPLOAD_BYTES,
  NOT_ANSWERING,
  type SpeechToText,
  SpeechToTextError,
  type SpokenText,
} from "./transcriber";

/** The configured speech to text (STT_PROVIDER), or null when none is. */
export function speechToTextFor(config: AppConfig): SpeechToText | null {
  return config.speech ? createSpeechToText(config.speech) : null;
}
