#!/usr/bin/env python3
"""
Builds server/generation/writers/extractive/models/boundary-lm.bin, the sentence-boundary model
the auto-caption repair (captions.ts, boundary-lm.ts) scores English caption words with.

Source: CMU Sphinx's generic US English language model (a trigram model of conversational
speech, 72k words), Debian package pocketsphinx-en-us, BSD-2 licence (see models/NOTICE), read
through libsphinxbase (package sphinxbase-utils):

    apt-get install -y pocketsphinx-en-us sphinxbase-utils
    python3 scripts/models/build-boundary-lm.py

It is a hidden-event model cut down to what a gap between words needs: for a gap
a2 a1 | b1 b2 the evidence of a sentence end is

    log P(</s> | a2 a1) + log P(b1 | <s>) + log P(b2 | <s> b1) - log P(b2 | b1) - log P(b1 | a1)

(the speech going on across the gap against it stopping and starting again). The file keeps, for
the most frequent words, the single-word parts and, for pairs of them, only where the trigram or
bigram differs from what the single words give (by 0.3 or more in log10). Everything is in
tenths of log10, as int8.
"""
import ctypes as C
import gzip
import os
import struct
import sys

MODEL = "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin"
OUT = os.path.join(os.path.dirname(__file__), "../../server/generation/writers/extractive/models/boundary-lm.bin")
WORDS = 10000  # words with their own figures
PAIRED = 1000  # the most frequent words, paired with each other
FUNCTION = 100  # the most frequent words, paired with every word of the list
MIN_TRIGRAM = 0.3  # log10 difference a trigram correction must make to be kept
MIN_BIGRAM = 0.5  # and a bigram one

lib = C.CDLL("libsphinxbase.so.3")
lib.logmath_init.restype = C.c_void_p
lib.logmath_init.argtypes = [C.c_double, C.c_int, C.c_int]
lib.ngram_model_read.restype = C.c_void_p
lib.ngram_model_read.argtypes = [C.c_void_p, C.c_char_p, C.c_int, C.c_void_p]
lib.ngram_wid.argtypes = [C.c_void_p, C.c_char_p]
lib.ngram_wid.restype = C.c_int
lib.ngram_word.argtypes = [C.c_void_p, C.c_int]
lib.ngram_word.restype = C.c_char_p
lib.ngram_model_get_counts.argtypes = [C.c_void_p]
lib.ngram_model_get_counts.restype = C.POINTER(C.c_uint32)
lib.ngram_ng_prob.argtypes = [C.c_void_p, C.c_int, C.POINTER(C.c_int), C.c_int, C.POINTER(C.c_int)]
lib.ngram_ng_prob.restype = C.c_int
lib.logmath_log_to_log10.argtypes = [C.c_void_p, C.c_int]
lib.logmath_log_to_log10.restype = C.c_double

lmath = lib.logmath_init(1.0001, 0, 0)
model = lib.ngram_model_read(None, MODEL.encode(), 0, lmath)
if not model:
    sys.exit(f"cannot read {MODEL}")
used = C.c_int(0)
history = (C.c_int * 2)(0, 0)


def prob(word, *hist):
    """log10 P(word | hist), hist most recent first, and the order the model used."""
    for k, h in enumerate(hist):
        history[k] = h
    value = lib.ngram_ng_prob(model, word, history, len(hist), C.byref(used))
    return lib.logmath_log_to_log10(lmath, value), used.value


START, END = lib.ngram_wid(model, b"<s>"), lib.ngram_wid(model, b"</s>")
size = lib.ngram_model_get_counts(model)[0]
vocabulary = []
for wid in range(size):
    word = lib.ngram_word(model, wid).decode()
    if word.startswith("<") or "(" in word or not word.isascii():
        continue
    vocabulary.append((prob(wid)[0], word, wid))
vocabulary.sort(key=lambda item: (-item[0], item[1]))
vocabulary = vocabulary[:WORDS]
words = [w for _, w, _ in vocabulary]
ids = [wid for _, _, wid in vocabulary]
unigram = [p for p, _, _ in vocabulary]
# A word no list word is ever followed by in the model: what follows it shows the backoff weight.
RARE = lib.ngram_wid(model, b"zim")
backoff = []
start_backoff = []
for wid, p in zip(ids, unigram):
    v, n = prob(RARE, wid)
    backoff.append(v - prob(RARE)[0] if n == 1 else 0.0)
    v, n = prob(RARE, wid, START)
    start_backoff.append(v - prob(RARE, wid)[0] if n <= 2 else 0.0)
end1 = [prob(END, wid)[0] for wid in ids]
start1 = [prob(wid, START)[0] for wid in ids]

end2, start2, bigram = [], [], []


def pair(x, y):
    a, b = ids[x], ids[y]
    v, _ = prob(END, b, a)
    if abs(v - end1[y]) >= MIN_TRIGRAM:
        end2.append((x, y, v - end1[y]))
    v, _ = prob(b, a, START)
    w, n = prob(b, a)
    if abs(v - w - start_backoff[x]) >= MIN_TRIGRAM:
        start2.append((x, y, v - w - start_backoff[x]))
    if n >= 2 and abs(w - backoff[x] - unigram[y]) >= MIN_BIGRAM:
        bigram.append((x, y, w - backoff[x] - unigram[y]))


for x in range(PAIRED):
    for y in range(PAIRED):
        pair(x, y)
for x in range(FUNCTION):
    for y in range(PAIRED, WORDS):
        pair(x, y)
        pair(y, x)


def tenths(values):
    return bytes(struct.pack(f"{len(values)}b", *[max(-127, min(127, round(v * 10))) for v in values]))


def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def table(entries):
    entries = sorted((x * WORDS + y, v) for x, y, v in entries)
    keys = bytearray()
    last = 0
    for key, _ in entries:
        keys += varint(key - last)
        last = key
    return struct.pack("<II", len(entries), len(keys)) + bytes(keys) + tenths([v for _, v in entries])


text = "\n".join(words).encode()
# For a word not in the list: log P(</s>) (the end after it, less its unknown backoff weight) and
# the backoff weight of <s> (the start of it, less its unknown unigram).
unknown_end = prob(END)[0]
unknown_start = prob(RARE, START)[0] - prob(RARE)[0]
body = b"VSLM" + struct.pack("<BIIff", 1, len(words), len(text), unknown_end, unknown_start) + text
for values in (end1, start1, unigram, backoff, start_backoff):
    body += tenths(values)
for entries in (end2, start2, bigram):
    body += table(entries)
os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "wb") as f:
    f.write(gzip.compress(body, 9, mtime=0))
print(f"{len(words)} words, {len(end2)} end, {len(start2)} start, {len(bigram)} bigram corrections; {os.path.getsize(OUT)} bytes")
