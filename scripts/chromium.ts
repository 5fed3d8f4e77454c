/**
 * The system Chromium the browser tests and the benchmark drive (apt-get install chromium; never
 * a downloaded browser), and the flags it needs here.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** No sandbox (root in a container), no GPU, and nothing that phones home or updates itself. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
