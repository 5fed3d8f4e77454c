import { formatMoment, momentEmbedUrl, parseMomentLink } from "@contract/moments";
import { X } from "lucide-react";
import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Moment links played in place. The links stay plain links to YouTube (they work before the
 * scripts run, and a modifier or middle click still opens a tab); once the page is hydrated, a
 * plain click on a link to this article's own video at a moment opens the embedded player there
 * instead. Nothing from YouTube loads until then.
 */
export function useMomentPlayer(videoId: string | null) {
  const [start, setStart] = useState<number | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  /** For onClick of a container: takes over clicks on moment links inside it. */
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (!videoId || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      const moment = parseMomentLink(link.href);
      if (!moment || moment.videoId !== videoId) return;
      event.preventDefault();
      returnTo.current = link;
      setStart(moment.start);
    },
    [videoId],
  );

  const close = useCallback(() => {
    setStart(null);
    returnTo.current?.focus({ preventScroll: true });
    returnTo.current = null;
  }, []);

  return { start, onClick, close };
}

/**
 * The embedded player, in a panel that stays in view while the article scrolls: along the bottom
 * of a phone, in the bottom corner of a wider screen. Esc or the close button closes it and
 * focus goes back to the link that opened it.
 */
export function MomentPlayer({
  videoId,
  start,
  title,
  onClose,
}: {
  videoId: string;
  start: number;
  title: string;
  onClose: () => void;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const at = formatMoment(start);

  // Keyboard users land on the panel (Esc or Enter closes it); readers keep their scroll position.
  useEffect(() => {
    if (start >= 0) closeButton.current?.focus({ preventScroll: true });
  }, [start]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <section
      aria-label="Video player"
      data-testid="moment-player"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card shadow-[0_-8px_30px_rgb(0_0_0/0.18)] sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[22rem] sm:overflow-hidden sm:rounded-xl sm:border lg:right-6 lg:bottom-6 lg:w-[26rem]"
    >
      <div className="flex items-center justify-between gap-3 py-1 pr-1 pl-4">
        <p className="min-w-0 truncate text-sm font-medium">
          Playing from <span className="tabular-nums">{at}</span>
        </p>
        <Button ref={closeButton} variant="ghost" size="icon" onClick={onClose} aria-label="Close video">
          <X />
        </Button>
      </div>
      <div className="aspect-video bg-black">
        <iframe
          // A new frame per moment: changing src in place would add entries to the history.
          key={start}
          src={momentEmbedUrl(videoId, start)}
          title={`${title} (video, from ${at})`}
          allow="autoplay; encrypted-media; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className="h-full w-full border-0"
        />
      </div>
    </section>
  );
}
