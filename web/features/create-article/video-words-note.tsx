import { videoWordsQueryKey } from "@contract/query-keys";
import { parseVideoId } from "@contract/video-url";
import { noWordsOffer, VIDEO_WORDS_LINES, type VideoWordsResponse } from "@contract/video-words";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Captions, FileAudio, FileText, Mic } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

/** How long typing must pause before the video is looked at (one look per link, not per key). */
const SETTLE_MS = 500;

/**
 * Says, before anything is written, where the article's words would come from: the video's
 * captions, speech recognition of its audio, or its description only. For the last it offers
 * the transcript box and your own recording, which make a full article (issue 16).
 */
export function VideoWordsNote({ url, onPaste, onUpload }: { url: string; onPaste: () => void; onUpload: () => void }) {
  const [videoId, setVideoId] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setVideoId(parseVideoId(url)), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [url]);
  const { data } = useQuery<VideoWordsResponse>({
    queryKey: videoWordsQueryKey(videoId ?? ""),
    enabled: videoId !== null,
    retry: false,
  });
  // A link that changed since, or a video that cannot be read: the create request says why.
  if (!data || data.videoId !== videoId) return null;
  if (data.words !== "none") {
    const Icon = data.words === "speech" ? Mic : Captions;
    return (
      <p role="status" className="flex items-start gap-2 text-xs text-muted-foreground">
        <Icon className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        {VIDEO_WORDS_LINES[data.words]}
      </p>
    );
  }
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {VIDEO_WORDS_LINES.none} {noWordsOffer(data.canHear)}
      </p>
      <div className="flex flex-wrap gap-2 pl-6">
        <Button type="button" size="sm" variant="outline" onClick={onPaste}>
          <FileText /> Paste a transcript
        </Button>
        {data.canHear && (
          <Button type="button" size="sm" variant="outline" onClick={onUpload}>
            <FileAudio /> Upload your recording
          </Button>
        )}
      </div>
    </div>
  );
}
