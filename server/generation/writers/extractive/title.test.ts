import { describe, expect, it } from "vitest";
import { cleanTitle } from "./title";

describe("cleanTitle", () => {
  it.each([
    [
      "Why Your Database Is SLOW 🐢 Indexes Explained (Postgres) | Maya Chen",
      "Maya Chen",
      "Why Your Database Is Slow — Indexes Explained (Postgres)",
    ],
    ["HOW I PAID OFF $42,000 IN STUDENT LOANS [NOT CLICKBAIT]", "", "How I Paid Off $42,000 in Student Loans"],
    ["Never Gonna Give You Up (Official Music Video) [4K]", "Rick Astley", "Never Gonna Give You Up"],
    ["One Git Trick Everyone Should Know #shorts", "", "One Git Trick Everyone Should Know"],
    ["This is INSANE!!! 😱😱", "", "This is Insane!"],
    ["Build an API with AWS and GPU servers", "", "Build an API with AWS and GPU servers"],
    [
      "The Lantern Owls – Live at Harbour Hall (Full Concert)",
      "The Lantern Owls",
      "The Lantern Owls – Live at Harbour Hall (Full Concert)",
    ],
    ["How Compilers Work - Tech Explained", "Tech Explained", "How Compilers Work"],
    ["Episode 12 | The Future of Work | Some Podcast", "Some Podcast", "The Future of Work"],
  ])("%s", (title, channel, expected) => {
    expect(cleanTitle(title, channel)).toBe(expected);
  });

  it("falls back to the original when nothing is left", () => {
    expect(cleanTitle("🔥🔥🔥")).toBe("Untitled video");
    expect(cleanTitle("(Official Video)")).toBe("(Official Video)");
  });

  it("drops markup and template syntax", () => {
    expect(cleanTitle("<script>alert(1)</script> Git Switch {{title}} [[Category]]")).toBe("Git Switch");
    expect(cleanTitle("<b>Bold</b> move")).toBe("Bold move");
  });
});
