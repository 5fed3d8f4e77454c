import { constants, crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import { ownBytes } from "../lib/own-bytes";

/**
 * A page made of pieces kept compressed (what every reader shares) and a few written per
 * request, sent as one gzip stream without compressing the shared pieces again. Each piece is
 * raw deflate ending on a byte boundary (a sync flush, not a final block), so pieces placed one
 * after another form a valid deflate stream: a gzip header, the pieces, an empty final block and
 * the CRC-32 and length of the whole text. The CRC is combined from the pieces' own (zlib's
 * crc32_combine), so the shared text is never read again either. Brotli streams cannot be joined
 * like this, so a reader who takes gzip gets gzip: a little larger than brotli, at a tenth of a
 * millisecond instead of one.
 */
export interface DeflatedPiece {
  readonly deflated: Buffer;
  /** CRC-32 of the text. */
  readonly crc: number;
  /** The text's length in bytes. */
  readonly bytes: number;
}

/** A piece of a pieced page: kept compressed, or text written for this request. */
export type PagePiece = DeflatedPiece | Buffer | string;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: BFINAL 1, BTYPE 01, end of block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Compresses text into a piece that can be joined with others (level 6 for what is kept, 1 for what is sent once). */
export function deflatePiece(text: Buffer | string, level = 6): DeflatedPiece {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  const deflated = deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH });
  return {
    // zlib's answer can be a view of its 16 KB work buffer: a kept piece of a few hundred bytes
    // would hold all of it (about 400 MB over the shared pages of 2,000 articles).
    deflated: ownBytes(deflated),
    crc: crc32(bytes),
    bytes: bytes.length,
  };
}

/** Below this, text written per request is sent in stored (uncompressed) blocks: starting zlib costs more than it saves. */
const STORED_BELOW = 4096;
/** A stored block holds at most this many bytes. */
const STORED_MAX = 65_535;

/** Text as stored deflate blocks (not final), each starting on a byte boundary as a sync flush leaves it. */
function storedPiece(bytes: Buffer): DeflatedPiece {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const data = bytes.subarray(at, at + STORED_MAX);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00, the rest of the byte padding; then LEN and its complement.
    header.writeUInt16LE(data.length, 1);
    header.writeUInt16LE(~data.length & 0xffff, 3);
    blocks.push(header, data);
  }
  return { deflated: Buffer.concat(blocks), crc: crc32(bytes), bytes: bytes.length };
}

/**
 * Pieces kept together (one shared page's) moved into one buffer of their own, each a view of
 * it: a buffer of its own costs ~300 bytes besides its data (its objects on the heap and the
 * allocation outside it), as much as a small piece's data, over tens of thousands kept pieces.
 * The pieces live and go together, so none holds the others' bytes longer than they would be.
 */
export function packPieces(pieces: readonly DeflatedPiece[]): DeflatedPiece[] {
  const slab = Buffer.allocUnsafeSlow(pieces.reduce((n, piece) => n + piece.deflated.length, 0));
  let at = 0;
  return pieces.map((piece) => {
    piece.deflated.copy(slab, at);
    const deflated = slab.subarray(at, at + piece.deflated.length);
    at += piece.deflated.length;
    return { deflated, crc: piece.crc, bytes: piece.bytes };
  });
}

/** A piece's text. */
export function inflatePiece(piece: DeflatedPiece): Buffer {
  return inflateRawSync(piece.deflated, { finishFlush: constants.Z_SYNC_FLUSH });
}

const isDeflated = (piece: PagePiece): piece is DeflatedPiece => typeof piece === "object" && "deflated" in piece;

/** Any piece's text, as bytes. */
export function pieceText(piece: PagePiece): Buffer {
  return isDeflated(piece) ? inflatePiece(piece) : typeof piece === "string" ? Buffer.from(piece) : piece;
}

// CRC-32 of two texts joined, from each one's CRC and the second's length: arithmetic over
// GF(2) modulo the CRC polynomial, as zlib's crc32_combine does (x^(8·len2) times the first
// CRC, plus the second).
const POLY = 0xedb88320;

/** a·b modulo the polynomial (bit-reflected, as CRC-32 writes them). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let factor = b;
  for (;;) {
    if (a & m) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_2N: number[] = [];
{
  let p = 0x40000000; // x^1
  X_2N.push(p);
  for (let k = 1; k < 32; k++) {
    p = multModP(p, p);
    X_2N.push(p);
  }
}

/** x^(n·2^k) modulo the polynomial. */
function xPowModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  let rest = n;
  let bit = k;
  while (rest > 0) {
    if (rest & 1) p = multModP(X_2N[bit & 31] as number, p);
    rest = Math.floor(rest / 2);
    bit++;
  }
  return p;
}

/** The CRC-32 of text A followed by text B, from A's CRC, B's CRC and B's length. */
export function crc32Combine(crcA: number, crcB: number, bytesB: number): number {
  if (bytesB === 0) return crcA >>> 0;
  return (multModP(xPowModP(bytesB, 3), crcA >>> 0) ^ crcB) >>> 0;
}

// x^(8·length) for each kept piece, the part of crc32Combine that depends on the piece alone.
const shifts = new WeakMap<DeflatedPiece, number>();

/** crc32Combine for a piece, with its length's factor worked out once per piece. */
function combineWith(crc: number, piece: DeflatedPiece): number {
  let shift = shifts.get(piece);
  if (shift === undefined) {
    shift = xPowModP(piece.bytes, 3);
    shifts.set(piece, shift);
  }
  return (multModP(shift, crc >>> 0) ^ piece.crc) >>> 0;
}

/** A page in pieces: sent as gzip without compressing its kept pieces again, or as plain text. */
export class PiecedBody {
  constructor(private readonly pieces: readonly PagePiece[]) {}

  /** The page as one gzip stream: written text is compressed at the fastest level, kept pieces as they are. */
  gzip(): Buffer {
    const out: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let bytes = 0;
    const add = (piece: DeflatedPiece) => {
      if (piece.bytes === 0) return;
      out.push(piece.deflated);
      crc = combineWith(crc, piece);
      bytes += piece.bytes;
    };
    // Written text between two kept pieces is compressed together.
    let written: Buffer[] = [];
    const flush = () => {
      if (written.length) {
        const text = Buffer.concat(written);
        add(text.length < STORED_BELOW ? storedPiece(text) : deflatePiece(text, 1));
      }
      written = [];
    };
    for (const piece of this.pieces) {
      if (isDeflated(piece)) {
        flush();
        add(piece);
      } else written.push(typeof piece === "string" ? Buffer.from(piece) : piece);
    }
    flush();
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    // ISIZE is the length modulo 2^32.
    trailer.writeUInt32LE(bytes % 2 ** 32, 4);
    out.push(FINAL_BLOCK, trailer);
    return Buffer.concat(out);
  }

  /** The page's text. */
  plain(): Buffer {
    return Buffer.concat(this.pieces.map(pieceText));
  }
}
