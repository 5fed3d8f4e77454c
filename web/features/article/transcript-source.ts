// Pure: the line the article page says about how the article's words were obtained.
import type { TranscriptSource } from "@contract/articles";

/**
 * "Written from the video's captions", "…from speech recognition", "…from the description only:
 * the video had no words we could read". A transcript or recording the author supplied is "your"
 * for those who may edit the article and "the author's" for everyone else.
 */
export function transcriptSourceLine(source: TranscriptSource, options: { ownArticle?: boolean } = {}): string {
  const own = options.ownArticle ?? false;
  switch (source) {
    case "captions":
      return "Written from the video's captions";
    case "auto-captions":
      return "Written from the video's automatic captions";
    case "speech":
      return "Written from speech recognition";
    case "pasted":
      return own ? "Written from your transcript" : "Written from a transcript the author supplied";
    case "file":
      return own ? "Written from your recording" : "Written from a recording the author supplied";
    case "none":
      return "Written from the description only: the video had no words we could read";
  }
}
