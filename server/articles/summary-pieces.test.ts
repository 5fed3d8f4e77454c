import { describe, expect, it } from "vitest";
import { deflatePiece, inflatePiece } from "../http/gzip-pieces";
import { SummaryPieces } from "./summary-pieces";

describe("SummaryPieces", () => {
  const piece = (text: string) => deflatePiece(text);

  it("keeps a summary for its TTL, then forgets it", () => {
    const kept = new SummaryPieces(10, 1_000);
    kept.set(1, piece('{"id":1}'), 0);
    expect(inflatePiece(kept.get(1, 999) ?? piece("")).toString()).toBe('{"id":1}');
    expect(kept.get(1, 1_000)).toBeUndefined();
    // A lapsed entry is dropped, not kept taking room.
    expect(kept.size).toBe(0);
  });

  it("lets the least recently used go first when full", () => {
    const kept = new SummaryPieces(2, 60_000);
    kept.set(1, piece("1"), 0);
    kept.set(2, piece("2"), 0);
    // Reading 1 makes 2 the least recently used.
    expect(kept.get(1, 1)).toBeDefined();
    kept.set(3, piece("3"), 2);
    expect(kept.get(2, 3)).toBeUndefined();
    expect(kept.get(1, 3)).toBeDefined();
    expect(kept.get(3, 3)).toBeDefined();
    expect(kept.size).toBe(2);
  });

  it("forgets everything when cleared", () => {
    const kept = new SummaryPieces(10, 60_000);
    kept.set(1, piece("1"));
    kept.clear();
    expect(kept.get(1)).toBeUndefined();
  });
});
