import { describe, expect, it } from "vitest";
import type { VideoComment } from "../../types";
import { commentProblem, pickComments } from "./comments";

const c = (author: string, text: string, likes: number): VideoComment => ({ author, text, likes, publishedAt: null });

describe("comments", () => {
  it("rejects spam, links, very short, shouting and symbol-only comments", () => {
    expect(commentProblem(c("@a", "Check out my channel for more great videos like this one!", 5))).toBe("spam");
    expect(commentProblem(c("@a", "Great video, full course at https://x.example/course here", 5))).toBe("link");
    expect(commentProblem(c("@a", "Loved the [bit](javascript:alert(1)) about the index", 5))).toBe("link");
    expect(commentProblem(c("@a", "First!", 5))).toBe("short");
    expect(commentProblem(c("@a", "THIS IS THE BEST VIDEO EVER MADE ON THIS TOPIC", 5))).toBe("shouting");
    expect(commentProblem(c("@a", "🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥 🔥🔥🔥🔥 🔥🔥🔥 🔥🔥🔥 🔥🔥🔥 🔥🔥🔥 ok", 5))).not.toBeNull();
    expect(commentProblem(c("@a", "The part about unused indexes is so real for our team.", 5))).toBeNull();
  });

  it("leaves out complaints about the recording, not remarks on sound as a subject", () => {
    expect(commentProblem(c("@a", "Audio is very quiet for the first couple of minutes, turn it up.", 5))).toBe(
      "about the recording",
    );
    expect(commentProblem(c("@a", "Can't hear a thing when she moves away from the mic", 5))).toBe(
      "about the recording",
    );
    expect(commentProblem(c("@a", "The sound of that bridge creaking in the story gave me chills.", 5))).toBeNull();
    expect(commentProblem(c("@a", "Noise cancelling is the reason I bought these, and it is great.", 5))).toBeNull();
  });

  it("orders by likes, drops repeats and shortens long comments at a sentence", () => {
    const long = `${"This video changed how I think about pricing for my own product. ".repeat(5)}Thanks.`;
    const picked = pickComments(
      [
        c("low", "A fine comment that says something useful about the video.", 3),
        c("@high", "The best explanation of value metrics I have seen anywhere so far.", 900),
        c("@dup", "The best explanation of value metrics I have seen anywhere so far!", 800),
        c("Long Name", long, 50),
      ],
      5,
    );
    expect(picked.map((p) => p.author)).toEqual(["@high", "Long Name", "@low"]);
    expect(picked[1].text.length).toBeLessThanOrEqual(220);
    expect(picked[1].text.endsWith(".")).toBe(true);
  });

  it("copes with disabled comments", () => {
    expect(pickComments(null, 3)).toEqual([]);
  });
});
