import { describe, expect, it } from "vitest";
import { parseCaptionTime, parseTranscript, TranscriptFormatError } from "./captions";

const texts = (input: string) => parseTranscript(input).segments.map((s) => s.text);

describe("parseCaptionTime", () => {
  it.each([
    ["00:00:00,000", 0],
    ["00:01:02,500", 62.5],
    ["01:02:03.250", 3723.25],
    ["01:02.500", 62.5],
    ["1:02:03", 3723],
    ["10:00:00.001", 36000.001],
    ["00:00:01.5", 1.5],
    ["123:00:00.000", 442800],
  ])("%s is %d seconds", (value, seconds) => {
    expect(parseCaptionTime(value)).toBe(seconds);
  });

  it.each(["", "1:2", "00:61.000", "00:60:00.000", "abc", "1.5"])("rejects %j", (value) => {
    expect(parseCaptionTime(value)).toBeNull();
  });
});

describe("SRT", () => {
  const srt = [
    "1",
    "00:00:01,000 --> 00:00:04,200",
    "Welcome back to the channel.",
    "",
    "2",
    "00:00:04,200 --> 00:00:07,900",
    "Today we're looking at <i>why</i> bridges",
    "don't fall down.",
    "",
    "3",
    "00:00:08,000 --> 00:00:10,500",
    '<font color="#ffff00">It starts</font> with {\\an8}<b>tension</b> &amp; compression.',
    "",
  ].join("\n");

  it("keeps timings in seconds and joins multi-line cues", () => {
    const transcript = parseTranscript(srt);
    expect(transcript).toEqual({
      language: "und",
      kind: "user",
      timed: true,
      segments: [
        { start: 1, duration: 3.2, text: "Welcome back to the channel." },
        { start: 4.2, duration: 3.7, text: "Today we're looking at why bridges don't fall down." },
        { start: 8, duration: 2.5, text: "It starts with tension & compression." },
      ],
    });
  });

  it("copes with CRLF line ends and a byte order mark", () => {
    const windows = `\uFEFF${srt.replace(/\n/g, "\r\n")}`;
    expect(parseTranscript(windows)).toEqual(parseTranscript(srt));
  });

  it("recovers a UTF-16 file that was read as UTF-8", () => {
    const utf16 = Buffer.from(`\uFEFF${srt.replace(/\n/g, "\r\n")}`, "utf16le").toString("utf8");
    expect(parseTranscript(utf16)).toEqual(parseTranscript(srt));
  });

  it("copes with old Mac line ends", () => {
    expect(parseTranscript(srt.replace(/\n/g, "\r"))).toEqual(parseTranscript(srt));
  });

  it("skips empty cues and cues holding only markup", () => {
    const input = [
      "1",
      "00:00:00,500 --> 00:00:01,000",
      "",
      "2",
      "00:00:01,000 --> 00:00:02,000",
      "<i></i>",
      "",
      "3",
      "00:00:02,000 --> 00:00:03,000",
      "♪",
      "",
      "4",
      "00:00:03,000 --> 00:00:05,000",
      "Finally, some words.",
    ].join("\n");
    expect(parseTranscript(input).segments).toEqual([{ start: 3, duration: 2, text: "Finally, some words." }]);
  });

  it("copes with files that leave out the blank lines and the final newline", () => {
    const input = [
      "1",
      "00:00:01,000 --> 00:00:02,000",
      "First line.",
      "2",
      "00:00:02,000 --> 00:00:03,000",
      "Second line.",
    ].join("\n");
    expect(texts(input)).toEqual(["First line.", "Second line."]);
  });

  it("copes with extra blank lines, whitespace-only separators and periods in the timing", () => {
    const input = "\n\n1\n00:00:01.000 --> 00:00:02.000\nOne.\n   \n\n\n2\n00:00:02.000 --> 00:00:03.000  \nTwo.\n\n\n";
    expect(texts(input)).toEqual(["One.", "Two."]);
  });

  it("keeps text after a stray blank line inside a cue with that cue", () => {
    const input = "1\n00:00:01,000 --> 00:00:02,000\nHalf a\n\nsentence.\n\n2\n00:00:02,000 --> 00:00:03,000\nNext.";
    expect(texts(input)).toEqual(["Half a sentence.", "Next."]);
  });

  it("merges a caption repeated over touching cues", () => {
    const input = "1\n00:00:01,000 --> 00:00:02,000\nHold on.\n\n2\n00:00:02,000 --> 00:00:03,500\nHold on.\n";
    expect(parseTranscript(input).segments).toEqual([{ start: 1, duration: 2.5, text: "Hold on." }]);
  });

  it("keeps numbers that are part of what is said", () => {
    const input = "1\n00:00:01,000 --> 00:00:02,000\nThe answer is\n42\n\n2\n00:00:02,000 --> 00:00:03,000\nObviously.";
    expect(texts(input)).toEqual(["The answer is 42", "Obviously."]);
  });

  it("puts cues out of order back in order", () => {
    const input = "2\n00:00:05,000 --> 00:00:06,000\nLater.\n\n1\n00:00:01,000 --> 00:00:02,000\nEarlier.";
    expect(texts(input)).toEqual(["Earlier.", "Later."]);
  });

  it("keeps hours beyond the first", () => {
    const input = "900\n01:59:58,000 --> 02:00:01,250\nThank you all for coming.";
    expect(parseTranscript(input).segments).toEqual([
      { start: 7198, duration: 3.25, text: "Thank you all for coming." },
    ]);
  });
});

describe("WebVTT", () => {
  it("reads cue settings, identifiers, NOTE and STYLE blocks, voice and class tags, entities", () => {
    const vtt = [
      "WEBVTT - conference captions",
      "Kind: captions",
      "Language: en-GB",
      "",
      "STYLE",
      "::cue(.yellow) { color: yellow; }",
      "",
      "NOTE This file was exported from the editor",
      "and reviewed twice.",
      "",
      "intro-1",
      "00:00.000 --> 00:03.500 align:start position:10% line:85%",
      "<v Dr. Amara Osei>Good morning, everyone.</v>",
      "",
      "NOTE",
      "speaker change below",
      "",
      "00:03.500 --> 00:07.250",
      "<v.loud Sam>Thanks, Amara &mdash; it&#39;s great to be here.",
      "",
      "00:07.250 --> 00:10.000 size:80%",
      "<c.yellow>Rock &amp; roll</c> costs &lt;5&gt; dollars &quot;today&quot;.",
      "",
      "00:10.000 --> 00:12.000",
      "<ruby>漢<rt>kan</rt></ruby>字 &#x1F600; <lang fr>merci</lang>",
    ].join("\n");
    expect(parseTranscript(vtt)).toEqual({
      language: "en-GB",
      kind: "user",
      timed: true,
      segments: [
        { start: 0, duration: 3.5, text: "Good morning, everyone." },
        { start: 3.5, duration: 3.75, text: "Thanks, Amara — it's great to be here." },
        { start: 7.25, duration: 2.75, text: 'Rock & roll costs <5> dollars "today".' },
        { start: 10, duration: 2, text: "漢字 😀 merci" },
      ],
    });
  });

  it("falls back to und without a Language header", () => {
    const vtt = "WEBVTT\n\n00:01.000 --> 00:02.000\nHello.";
    expect(parseTranscript(vtt).language).toBe("und");
  });

  it("collapses the rolling lines of YouTube's auto captions", () => {
    const vtt = [
      "WEBVTT",
      "Kind: captions",
      "Language: en",
      "",
      "00:00:00.000 --> 00:00:02.350 align:start position:0%",
      " ",
      "so<00:00:00.480><c> today</c><00:00:00.960><c> we're</c><00:00:01.280><c> going</c><00:00:01.520><c> to</c><00:00:01.760><c> talk</c>",
      "",
      "00:00:02.350 --> 00:00:02.360 align:start position:0%",
      "so today we're going to talk",
      " ",
      "",
      "00:00:02.360 --> 00:00:05.110 align:start position:0%",
      "so today we're going to talk",
      "about<00:00:02.720><c> sourdough</c><00:00:03.440><c> starters</c><00:00:04.000><c> and</c>",
      "",
      "00:00:05.110 --> 00:00:05.120 align:start position:0%",
      "about sourdough starters and",
      " ",
      "",
      "00:00:05.120 --> 00:00:08.000 align:start position:0%",
      "about sourdough starters and",
      "why<00:00:05.600><c> yours</c><00:00:06.000><c> keeps</c><00:00:06.400><c> dying</c>",
      "",
      "00:00:08.000 --> 00:00:08.010 align:start position:0%",
      "why yours keeps dying",
      " ",
      "",
    ].join("\n");
    expect(parseTranscript(vtt)).toEqual({
      language: "en",
      kind: "user",
      timed: true,
      segments: [
        { start: 0, duration: 2.35, text: "so today we're going to talk" },
        { start: 2.36, duration: 2.75, text: "about sourdough starters and" },
        { start: 5.12, duration: 2.88, text: "why yours keeps dying" },
      ],
    });
  });

  it("collapses rolling captions without inline timestamps too", () => {
    const lines = ["the first line", "the second line", "the third line", "the fourth line", "the fifth line"];
    const cues = lines.map((line, i) => {
      const from = `00:00:0${i}.000`;
      const to = `00:00:0${i + 1}.000`;
      return `${from} --> ${to}\n${i > 0 ? `${lines[i - 1]}\n` : ""}${line}`;
    });
    expect(texts(`WEBVTT\n\n${cues.join("\n\n")}`)).toEqual(lines);
  });

  it("does not drop a line that is merely repeated once in ordinary captions", () => {
    const vtt = [
      "WEBVTT",
      "",
      "00:01.000 --> 00:02.000",
      "Are you ready?",
      "",
      "00:02.000 --> 00:03.000",
      "No.",
      "",
      "00:03.500 --> 00:04.000",
      "No.",
      "",
      "00:04.000 --> 00:05.000",
      "Then let's wait.",
      "",
      "00:05.000 --> 00:06.000",
      "Fine.",
    ].join("\n");
    expect(texts(vtt)).toEqual(["Are you ready?", "No.", "No.", "Then let's wait.", "Fine."]);
  });

  it("copes with CRLF, a BOM and a header written straight above the first cue", () => {
    const vtt = "\uFEFFWEBVTT\r\n00:00:01.000 --> 00:00:02.500\r\nLine one\r\nline two\r\n\r\n";
    expect(parseTranscript(vtt).segments).toEqual([{ start: 1, duration: 1.5, text: "Line one line two" }]);
  });

  it("refuses a file with timings but no words", () => {
    const vtt = "WEBVTT\n\nNOTE nothing here\n\n00:01.000 --> 00:02.000\n\n00:02.000 --> 00:03.000\n<c></c>\n";
    expect(() => parseTranscript(vtt)).toThrow(TranscriptFormatError);
    expect(() => parseTranscript(vtt)).toThrow(/WebVTT file has timings but no caption text/);
  });

  it("refuses a header with no cues", () => {
    expect(() => parseTranscript("WEBVTT\nKind: captions\nLanguage: en\n")).toThrow(/WebVTT file has no captions/);
  });
});

describe("YouTube transcript panel copies", () => {
  it("reads timestamps on their own lines", () => {
    const input = "Transcript\n0:00\nwelcome back everyone\n0:04\ntoday we're baking bread\n1:02:03\nand that's a wrap";
    expect(parseTranscript(input)).toEqual({
      language: "und",
      kind: "user",
      timed: true,
      segments: [
        { start: 0, duration: 4, text: "welcome back everyone" },
        { start: 4, duration: 3719, text: "today we're baking bread" },
        { start: 3723, duration: 1.6, text: "and that's a wrap" },
      ],
    });
  });

  it("reads timestamps at the start of lines, bracketed or not", () => {
    const input = "[00:00] Intro\n[00:15] The problem with caches\n(1:30) - Invalidation strategies\n2:45 Questions";
    expect(parseTranscript(input).segments.map((s) => [s.start, s.text])).toEqual([
      [0, "Intro"],
      [15, "The problem with caches"],
      [90, "Invalidation strategies"],
      [165, "Questions"],
    ]);
  });
});

describe("plain text", () => {
  it("makes one untimed segment per paragraph", () => {
    const input = "  First paragraph,\nwrapped over two lines.\n\nSecond paragraph.\n\n\n\nThird at 10:30 today.  ";
    expect(parseTranscript(input)).toEqual({
      language: "und",
      kind: "user",
      timed: false,
      segments: [
        { start: 0, duration: 0, text: "First paragraph, wrapped over two lines." },
        { start: 0, duration: 0, text: "Second paragraph." },
        { start: 0, duration: 0, text: "Third at 10:30 today." },
      ],
    });
  });

  it("treats lines as segments when there are no blank lines", () => {
    expect(texts("one line\ntwo line\r\nthree line")).toEqual(["one line", "two line", "three line"]);
  });

  it("keeps a single long paragraph and text in any script", () => {
    const words = Array.from({ length: 2000 }, (_, i) => `palabra${i}`).join(" ");
    expect(texts(words)).toEqual([words]);
    expect(texts("Привет, мир.\n\n你好，世界。")).toEqual(["Привет, мир.", "你好，世界。"]);
  });

  it("does not decode or strip what looks like markup in plain text", () => {
    expect(texts("a < b and b > c &amp; more")).toEqual(["a < b and b > c &amp; more"]);
  });

  it.each([
    ["", /empty/],
    ["   \n\t\n  ", /empty/],
    ["\uFEFF", /empty/],
    ["... --- !!!\n\n***", /no words/],
  ])("refuses %j with a message for a person", (input, message) => {
    expect(() => parseTranscript(input)).toThrow(TranscriptFormatError);
    expect(() => parseTranscript(input)).toThrow(message);
  });
});
