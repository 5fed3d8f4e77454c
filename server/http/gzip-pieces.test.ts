import { execFileSync } from "node:child_process";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, deflatePiece, inflatePiece, type PagePiece, PiecedBody, packPieces } from "./gzip-pieces";

/** Text of a given length that compresses somewhat, as HTML does, with characters outside ASCII. */
function textOf(length: number, seed: number): string {
  const words = ['<div class="row">', "article", "é", "the ", "rating ", "</div>", "“quoted”", "\n", "42 ", "👍"];
  let out = "";
  let state = seed;
  while (out.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out += words[state % words.length];
  }
  return out.slice(0, length);
}

describe("crc32Combine", () => {
  it.each([
    [0, 0],
    [1, 0],
    [0, 1],
    [5, 7],
    [300, 1],
    [4096, 65_537],
    [70_000, 123_457],
  ])("agrees with the CRC of the joined text (%i + %i bytes)", (a, b) => {
    const first = Buffer.from(textOf(a, a + 1));
    const second = Buffer.from(textOf(b, b + 2)).subarray(0, b);
    expect(crc32Combine(crc32(first), crc32(second), second.length)).toBe(crc32(Buffer.concat([first, second])) >>> 0);
  });
});

describe("PiecedBody", () => {
  const pieces = (): PagePiece[] => [
    deflatePiece(textOf(20_000, 1)),
    "<nav>Bea's bar</nav>",
    Buffer.from(" & more written per request "),
    deflatePiece(textOf(3_000, 2), 1),
    deflatePiece(""),
    deflatePiece(textOf(9_999, 3)),
    "",
    '{"queries":[]}',
  ];

  it("is one gzip stream whose text is the pieces' text in order", () => {
    const body = new PiecedBody(pieces());
    const plain = body.plain();
    const expected = Buffer.concat(
      pieces().map((piece) =>
        typeof piece === "string" ? Buffer.from(piece) : Buffer.isBuffer(piece) ? piece : inflatePiece(piece),
      ),
    );
    expect(plain.equals(expected)).toBe(true);
    expect(plain.toString()).toContain("<nav>Bea's bar</nav> & more written per request ");
    const gzipped = body.gzip();
    // Node's gunzip checks the CRC and the length in the trailer: a wrong one throws.
    expect(gunzipSync(gzipped).equals(plain)).toBe(true);
    // And so does the system's gzip, which browsers' decoders follow (one member, one stream).
    expect(execFileSync("gzip", ["-dc"], { input: gzipped }).equals(plain)).toBe(true);
    // The kept pieces are not compressed again: far smaller than the text.
    expect(gzipped.length).toBeLessThan(plain.length / 3);
  });

  it("makes a valid stream of written text only, and of nothing", () => {
    expect(gunzipSync(new PiecedBody(["only ", Buffer.from("written")]).gzip()).toString()).toBe("only written");
    expect(gunzipSync(new PiecedBody([]).gzip()).length).toBe(0);
  });

  it("writes short and long per-request text alike (stored blocks below 4 KB, compressed above)", () => {
    for (const length of [1, 100, 4095, 4096, 70_000]) {
      const text = textOf(length, length);
      const body = new PiecedBody([deflatePiece(textOf(500, 5)), text, deflatePiece(textOf(700, 6))]);
      expect(gunzipSync(body.gzip()).equals(body.plain())).toBe(true);
    }
  });

  it("keeps a piece's bytes in memory of their own size, not in zlib's 16 KB work buffer", () => {
    const piece = deflatePiece("a short island");
    expect(piece.deflated.buffer.byteLength).toBe(piece.deflated.length);
  });

  it("keeps a piece's text", () => {
    const text = textOf(5_000, 9);
    expect(inflatePiece(deflatePiece(text)).toString()).toBe(text);
  });
});

describe("packPieces", () => {
  it("keeps pieces in one buffer, each still its own text and joinable as before", () => {
    const texts = ["<header>Top</header>", "<main>".repeat(300), "", "<footer>é ✓</footer>"];
    const pieces = texts.map((text) => deflatePiece(text));
    const packed = packPieces(pieces);
    expect(packed.map((piece) => inflatePiece(piece).toString())).toEqual(texts);
    expect(new Set(packed.map((piece) => piece.deflated.buffer)).size).toBe(1);
    expect(packed.map((piece) => [piece.crc, piece.bytes])).toEqual(pieces.map((piece) => [piece.crc, piece.bytes]));
    expect(gunzipSync(new PiecedBody(packed).gzip()).toString()).toBe(texts.join(""));
  });
});
