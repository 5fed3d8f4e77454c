import type { ArticleEvidence } from "@contract/evidence";
import { formatMoment, momentUrl } from "@contract/moments";
import { ChevronRight, ShieldCheck } from "lucide-react";
import { editedNote, quoteAttribution, receiptsListLabel, receiptsSummary } from "./receipts";

/** A moment as a link to YouTube; the article page plays it in place once scripts are running. */
function MomentLink({ videoId, start }: { videoId: string | null; start: number | null }) {
  if (start === null) return null;
  const label = formatMoment(start);
  if (!videoId) return <span className="tabular-nums text-muted-foreground">{label}</span>;
  return (
    <a
      href={momentUrl(videoId, start)}
      target="_blank"
      rel="noopener noreferrer"
      className="shrink-0 rounded font-medium tabular-nums text-primary underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`Play from ${label}`}
    >
      {label}
    </a>
  );
}

/**
 * What code checked after the article was written, in plain words, with the quotes and sections
 * in a native <details> (it opens without JavaScript). Nothing for an article without receipts.
 */
export function ArticleReceipts({ evidence, videoId }: { evidence: ArticleEvidence; videoId: string | null }) {
  const edited = editedNote(evidence);
  const listLabel = receiptsListLabel(evidence);
  return (
    <aside aria-label="What was checked" className="rounded-xl border bg-muted/40 px-4 py-3 text-sm sm:px-5">
      <p className="flex items-start gap-2.5" data-testid="receipts">
        <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
        <span>
          {receiptsSummary(evidence)}.{edited && <span className="text-muted-foreground"> {edited}</span>}
        </span>
      </p>
      {listLabel && (
        <details className="group mt-2 pl-[1.625rem]">
          <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            <ChevronRight className="h-4 w-4 transition-transform group-open:rotate-90" aria-hidden="true" />
            {listLabel}
          </summary>
          <div className="mt-3 space-y-4">
            {evidence.quotes.length > 0 && (
              <section aria-label="Quotes">
                <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Quotes</h3>
                <ol className="space-y-2.5">
                  {evidence.quotes.map((quote, index) => {
                    const who = quoteAttribution(quote);
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a quote may appear twice; the list never reorders
                      <li key={index} className="flex items-baseline justify-between gap-3">
                        <span className="min-w-0">
                          <q className="italic">{quote.text}</q>
                          {who && <span className="text-muted-foreground"> — {who}</span>}
                        </span>
                        <MomentLink videoId={videoId} start={quote.start} />
                      </li>
                    );
                  })}
                </ol>
              </section>
            )}
            {evidence.sections.length > 0 && (
              <section aria-label="Sections">
                <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Sections</h3>
                <ol className="space-y-1.5">
                  {evidence.sections.map((section, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: headings may repeat; the list never reorders
                    <li key={index} className="flex items-baseline justify-between gap-3">
                      <span className="min-w-0">{section.heading}</span>
                      <MomentLink videoId={videoId} start={section.start} />
                    </li>
                  ))}
                </ol>
              </section>
            )}
          </div>
        </details>
      )}
    </aside>
  );
}
