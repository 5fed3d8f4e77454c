import { resolve } from "node:path";
import type { AppConfig } from "../../config";
import type { VideoSource } from "../types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "./fixtures";
import { proxiedFetch } from "./proxy-fetch";
import { createYouTubeVideoSource } from "./youtube";

export { isVideoId, parseVideoId, videoUrl } from "../../../contract/video-url";
export { parseTranscript, TranscriptFormatError } from "./captions";
export { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "./fixtures";
export { createYouTubeVideoSource } from "./youtube";

/** The video source VIDEO_SOURCE names: YouTube itself, or fixture files for offline runs and tests. */
export function createVideoSource(
  config: Pick<AppConfig, "videoSource" | "videoFixturesDir" | "youtubeApiKey"> &
    Partial<Pick<AppConfig, "youtubeProxyUrl">>,
): VideoSource {
  if (config.videoSource === "fixtures") {
    return createFixtureVideoSource(config.videoFixturesDir ? resolve(config.videoFixturesDir) : BUNDLED_FIXTURES_DIR);
  }
  return createYouTubeVideoSource({
    apiKey: config.youtubeApiKey,
    // Every request to YouTube through the proxy, when one is set (blocked cloud addresses).
    fetch: config.youtubeProxyUrl ? proxiedFetch(config.youtubeProxyUrl) : undefined,
  });
}
