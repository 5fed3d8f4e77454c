/**
 * How long a busy service asks to be left alone, in ms: Retry-After-Ms (OpenAI's), else
 * Retry-After as seconds or as an HTTP date; undefined when it does not say. `header` reads one
 * header by its lower-case name, whatever holds the headers (a Fetch Headers, a plain record).
 */
export function retryAfterMs(header: (name: string) => string | null | undefined): number | undefined {
  const ms = Number.parseFloat(header("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = header("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
