import type { ArticleEvidence, QuoteEvidence } from "@contract/evidence";
import { describe, expect, it } from "vitest";
import { editedNote, quoteAttribution, receiptsListLabel, receiptsSummary } from "./receipts";

const quote = (overrides: Partial<QuoteEvidence> = {}): QuoteEvidence => ({
  text: "We start small",
  source: "transcript",
  start: 75,
  end: 77,
  speaker: null,
  ...overrides,
});

const evidence = (overrides: Partial<ArticleEvidence> = {}): ArticleEvidence => ({
  checkedAgainst: "transcript",
  transcriptKind: "manual",
  timed: true,
  quotes: [],
  sections: [],
  moments: 0,
  corrections: { requoted: 0, unquoted: 0, dropped: 0, reanchored: 0, unlinked: 0 },
  editedAfterCheck: false,
  ...overrides,
});

const sections = (n: number, start: number | null = 30) =>
  Array.from({ length: n }, (_, i) => ({ heading: `Part ${i + 1}`, start }));

describe("receiptsSummary", () => {
  it("counts quotes and placed sections, singular and plural", () => {
    expect(receiptsSummary(evidence({ quotes: Array(12).fill(quote()), sections: sections(5) }))).toBe(
      "12 quotes, each checked against the transcript; 5 sections linked to their moments",
    );
    expect(receiptsSummary(evidence({ quotes: [quote()], sections: sections(1) }))).toBe(
      "1 quote, checked against the transcript; 1 section linked to its moment",
    );
    expect(receiptsSummary(evidence({ sections: [...sections(3), ...sections(2, null)] }))).toBe(
      "No quotations; 3 sections linked to their moments",
    );
  });

  it("names automatic captions, a supplied transcript, the description and comments", () => {
    expect(receiptsSummary(evidence({ transcriptKind: "auto", quotes: [quote(), quote()] }))).toBe(
      "2 quotes, each checked against the automatic captions",
    );
    expect(receiptsSummary(evidence({ transcriptKind: "user", quotes: [quote()] }))).toBe(
      "1 quote, checked against a transcript the author supplied",
    );
    expect(
      receiptsSummary(
        evidence({
          checkedAgainst: "metadata",
          transcriptKind: null,
          timed: false,
          quotes: [quote({ source: "description", start: null }), quote({ source: "description", start: null })],
        }),
      ),
    ).toBe("2 quotes, each checked against the video's description");
    expect(receiptsSummary(evidence({ quotes: [quote(), quote({ source: "comment", speaker: "@sam" })] }))).toBe(
      "2 quotes, each checked against the transcript and viewers' comments",
    );
  });

  it("counts moment links when no section could be placed (chapters without a timed transcript)", () => {
    const chapters = {
      checkedAgainst: "metadata",
      transcriptKind: null,
      timed: false,
      sections: sections(2, null),
    } as const;
    expect(
      receiptsSummary(evidence({ ...chapters, quotes: [quote({ source: "description", start: null })], moments: 10 })),
    ).toBe("1 quote, checked against the video's description; 10 links to moments in the video");
    expect(receiptsSummary(evidence({ ...chapters, moments: 1 }))).toBe(
      "No quotations; 1 link to a moment in the video",
    );
  });

  it("says what was read when there was nothing to check", () => {
    expect(receiptsSummary(evidence({ checkedAgainst: "metadata", transcriptKind: null }))).toBe(
      "No quotations or moments to check; the article was checked against the video's description",
    );
  });
});

describe("the rest of the receipts", () => {
  it("notes an edit after the check", () => {
    expect(editedNote(evidence())).toBeNull();
    expect(editedNote(evidence({ editedAfterCheck: true }))).toBe(
      "The author edited the article after it was checked.",
    );
  });

  it("attributes quotes", () => {
    expect(quoteAttribution(quote({ speaker: "Ada" }))).toBe("Ada");
    expect(quoteAttribution(quote())).toBeNull();
    expect(quoteAttribution(quote({ source: "comment", speaker: "@sam" }))).toBe("@sam, in the comments");
    expect(quoteAttribution(quote({ source: "description" }))).toBe("the video's description");
  });

  it("labels the list", () => {
    expect(receiptsListLabel(evidence({ quotes: [quote(), quote()], sections: sections(1) }))).toBe(
      "Show the 2 quotes and the section",
    );
    expect(receiptsListLabel(evidence())).toBe("");
  });
});
