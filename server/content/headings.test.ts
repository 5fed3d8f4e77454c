import { describe, expect, it } from "vitest";
import { withHeadingIds } from "./headings";
import { renderMarkdown } from "./render";

describe("heading ids", () => {
  it("come from the heading's text, for h2 and h3, listed in order", () => {
    const { html, headings } = withHeadingIds(
      renderMarkdown("## Why it matters\n\nText.\n\n### The *small* print\n\n#### Deeper"),
    );
    expect(html).toBe(
      '<h2 id="section-why-it-matters">Why it matters</h2>\n<p>Text.</p>\n<h3 id="section-the-small-print">The <em>small</em> print</h3>\n<h4>Deeper</h4>',
    );
    expect(headings).toEqual([
      { id: "section-why-it-matters", text: "Why it matters", level: 2 },
      { id: "section-the-small-print", text: "The small print", level: 3 },
    ]);
  });

  it("are unique when headings repeat, even against a heading that reads like a numbered repeat", () => {
    const { headings } = withHeadingIds(renderMarkdown("## Intro\n\n## Intro\n\n## Intro 2\n\n## intro\n\n## Intro"));
    const ids = headings.map((h) => h.id);
    expect(ids).toEqual([
      "section-intro",
      "section-intro-2",
      "section-intro-2-2",
      "section-intro-3",
      "section-intro-4",
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("are safe whatever the heading holds: markup, quotes, entities, attributes", () => {
    const hostile = [
      '## <script>alert("x")</script>Hello',
      `## He said "hi" & 'bye' onmouseover=alert(1)`,
      '## "><img src=x onerror=alert(1)>',
      '<h2 id="root" onclick="alert(1)">Chosen id</h2>',
      "## &lt;b&gt;not bold&lt;/b&gt; &quot;quoted&quot;",
      "## ☃️🎉",
    ].join("\n\n");
    const { html, headings } = withHeadingIds(renderMarkdown(hostile));
    for (const { id } of headings) expect(id).toMatch(/^section-[\p{L}\p{N}-]+$/u);
    // Every heading tag carries our id and nothing else; no element came through from the text.
    const headingTags = [...html.matchAll(/<h[23]([^>]*)>/g)].map((m) => m[1]);
    expect(headingTags).toEqual(headings.map((h) => ` id="${h.id}"`));
    expect(html).not.toMatch(/<script|<img|onclick=|id="root"/i);
    expect(headings.map((h) => h.id)).toEqual([
      "section-hello",
      "section-he-said-hi-bye-onmouseover-alert-1",
      "section-untitled",
      "section-chosen-id",
      "section-b-not-bold-b-quoted",
      "section-untitled-2",
    ]);
    // The text is plain text (decoded), for React to escape; the markup never ran as markup.
    expect(headings[0].text).toBe("Hello");
    expect(headings[4].text).toBe('<b>not bold</b> "quoted"');
  });

  it("are cut to a readable length at a word", () => {
    const { headings } = withHeadingIds(`<h2>${"word ".repeat(40)}</h2>`);
    expect(headings[0].id.length).toBeLessThanOrEqual("section-".length + 60);
    expect(headings[0].id).toMatch(/^section-word(-word)+$/);
  });

  it("keep the letters of other scripts", () => {
    const { headings } = withHeadingIds("<h2>Café à Accra</h2><h3>Привет мир</h3>");
    expect(headings.map((h) => h.id)).toEqual(["section-cafe-a-accra", "section-привет-мир"]);
  });
});
