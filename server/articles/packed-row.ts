import { packJson, unpackJson } from "../lib/packed-json";
import type { ArticleWithAuthor } from "./presenter";

/**
 * The large fields of a stored article: its body twice (markdown and HTML) and its receipts.
 * They are ~90% of a row and are read once per kept row: its shared JSON and its shared page are
 * made from them and kept themselves (reading.ts, shared-article.ts). Every read after that
 * wants the row's id, counts and author.
 */
const PACKED = ["contentMarkdown", "contentHtml", "evidence"] as const;

/**
 * A row to keep in the read cache with its large fields compressed outside the JavaScript heap
 * (~6 KB of strings become ~2 KB of buffer): 2,000 kept articles hold ~12 MB less of heap. The
 * fields stay readable (each read decompresses them again, and nothing is remembered, or they would
 * fill the heap again), so every caller sees the row as stored. Returns the same row object, whose
 * identity the WeakMaps of shared JSON and view-count stamps key on.
 */
export function packRowBodies<T extends ArticleWithAuthor | undefined>(found: T): T {
  if (!found) return found;
  const article = found.article as unknown as Record<string, unknown>;
  const fields = PACKED.filter((name) => name in article);
  const packed = packJson(fields.map((name) => article[name] ?? null));
  const read = () => unpackJson<unknown[]>(packed);
  fields.forEach((name, i) => {
    Object.defineProperty(article, name, {
      enumerable: true,
      configurable: true,
      get: () => read()[i],
      // A caller that sets the field (no reader does) gets a plain field again.
      set: (value: unknown) => {
        Object.defineProperty(article, name, { value, writable: true, enumerable: true, configurable: true });
      },
    });
  });
  return found;
}
