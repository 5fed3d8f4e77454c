import { describe, expect, it } from "vitest";
import { decodeHtmlEntities } from "./html-entities";
import {
  firstParagraphText,
  isSafeHref,
  markdownToPlainText,
  renderMarkdown,
  sanitizeArticleHtml,
  truncateText,
} from "./render";

const ALLOWED = new Set([
  "p",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "blockquote",
  "strong",
  "em",
  "a",
  "code",
  "pre",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);

/** Every way the HTML could still run code or load something, checked on the output. */
function assertSafeHtml(html: string): void {
  expect(html).not.toMatch(/<script/i);
  // No event handler attribute inside any tag.
  expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/<[^>]*\sstyle\s*=/i);
  expect(html).not.toMatch(/<[^>]*\s(src|srcdoc|action|formaction|xlink:href|srcset|background|poster)\s*=/i);
  for (const match of html.matchAll(/<\/?([a-z][a-z0-9-]*)/gi)) {
    expect(ALLOWED, `tag <${match[1]}> in ${html}`).toContain(match[1].toLowerCase());
  }
  for (const match of html.matchAll(/<[^>]*\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const raw = match[2] ?? match[3] ?? match[4] ?? "";
    let value = decodeHtmlEntities(raw);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep it as it is
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these in URLs
    const normal = value.replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\ufeff]/g, "").toLowerCase();
    expect(normal, `href ${raw}`).not.toMatch(/^(javascript|data|vbscript|file|blob):/);
    expect(normal, `href ${raw}`).toMatch(/^(https?:|mailto:|[^:]*$|[^:/?#]*[/?#])/);
  }
}

/** Classic vectors (OWASP XSS filter evasion cheat sheet and friends), through markdown and raw HTML. */
const PAYLOADS: string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<IMG SRC=\"javascript:alert('XSS');\">",
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  "<img src=x onerror=alert(1)>",
  "<img src=x onerror\t=\talert(1)>",
  "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href="jav&#x0A;ascript:alert(1)">newline</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">hex</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">padded</a>',
  '<a href=" &#14;  javascript:alert(1)">leading control</a>',
  '<a href="JAVASCRIPT:alert(1)">upper</a>',
  '<a href="javascript&colon;alert(1)">colon entity</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="java%0ascript:alert(1)">percent</a>',
  '<a href="//evil.example/x">protocol relative</a>',
  '<a href="\\\\evil.example\\x">backslashes</a>',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  "<style>@import 'https://xss.example/x.css';</style>",
  '<div style="background-image: url(javascript:alert(1))">styled</div>',
  "<p style=\"width: expression(alert('XSS'))\">ie</p>",
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<body onload=alert("XSS")>',
  '<details open ontoggle="alert(1)">x</details>',
  '<video><source onerror="alert(1)"></video>',
  '<input autofocus onfocus="alert(1)">',
  '<a href="https://ok.example" onclick="alert(1)">click</a>',
  '<a href="https://ok.example" style="position:fixed;top:0">overlay</a>',
  "<<script>alert(1);//<</script>",
  '<TABLE BACKGROUND="javascript:alert(1)"><tr><td>x</td></tr></TABLE>',
  "<div><!--<img src=x onerror=alert(1)>--></div>",
  "<![CDATA[<script>alert(1)</script>]]>",
  "[x](javascript:alert(1))",
  "[x](JavaScript:alert(1))",
  "[x](javas&#99;ript:alert(1))",
  "[x](jav&#x09;ascript:alert(1))",
  "[x]( javascript:alert(1) )",
  "[x](<javascript:alert(1)>)",
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  '[x](https://ok.example "title" onmouseover="alert(1)")',
  "[x][ref]\n\n[ref]: javascript:alert(1)",
  "[ref]\n\n[ref]: data:text/html,<script>alert(1)</script>",
  "<javascript:alert(1)>",
  "<vbscript:msgbox(1)>",
  "![x](javascript:alert(1))",
  '![x](https://img.example/x.png"onerror="alert(1))',
  '![x" onerror="alert(1)](https://img.example/x.png)',
  "`<script>alert(1)</script>` and ```\n<script>alert(1)</script>\n```",
  "**<img src=x onerror=alert(1)>**",
  "> <svg/onload=alert(1)>",
  "- <a href=javascript:alert(1)>item</a>",
  "| a |\n|---|\n| <img src=x onerror=alert(1)> |",
  "<a href='javascript:alert(1)'>[nested](https://ok.example)</a>",
  '<a href="javascript:alert(1)"><a href="https://ok.example">inner</a></a>',
  "<x onclick=alert(1)>unknown tag</x>",
  "<h1 onclick=alert(1)>Heading</h1>",
];

describe("renderMarkdown: XSS corpus", () => {
  it("has at least 40 payloads", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PAYLOADS.map((payload, index) => [index, payload]))("payload %i is neutralised", (_index, payload) => {
    const html = renderMarkdown(payload as string);
    assertSafeHtml(html);
    // Inside prose, too.
    assertSafeHtml(renderMarkdown(`Some text before.\n\n${payload}\n\nSome text after.`));
  });

  it("the same allowlist cleans HTML given directly", () => {
    for (const payload of PAYLOADS) assertSafeHtml(sanitizeArticleHtml(payload));
  });

  it("drops the tag and its hidden content, keeps harmless text", () => {
    expect(renderMarkdown("Hello <script>alert(1)</script>world")).toBe("<p>Hello world</p>");
    expect(renderMarkdown("<iframe srcdoc=x>inside</iframe>after")).not.toContain("inside");
    expect(renderMarkdown("[click me](javascript:alert(1))")).toBe("<p>click me</p>");
  });
});

describe("renderMarkdown: ordinary markdown", () => {
  it("renders headings, down-levelling h1 and up-levelling h5/h6", () => {
    expect(renderMarkdown("## Section\n\n### Sub\n\n#### Deeper")).toBe(
      "<h2>Section</h2>\n<h3>Sub</h3>\n<h4>Deeper</h4>",
    );
    expect(renderMarkdown("# Title")).toBe("<h2>Title</h2>");
    expect(renderMarkdown("###### Tiny")).toBe("<h4>Tiny</h4>");
  });

  it("renders lists, emphasis and blockquotes", () => {
    expect(renderMarkdown("- one\n- **two**\n- *three*")).toBe(
      "<ul>\n<li>one</li>\n<li><strong>two</strong></li>\n<li><em>three</em></li>\n</ul>",
    );
    expect(renderMarkdown("3. a\n4. b")).toBe('<ol start="3">\n<li>a</li>\n<li>b</li>\n</ol>');
    expect(renderMarkdown("> quoted *words*")).toBe("<blockquote>\n<p>quoted <em>words</em></p>\n</blockquote>");
  });

  it("keeps timestamp links, opening absolute ones in a new tab without leaking the referrer", () => {
    const html = renderMarkdown("[Watch from 2:03](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=123s)");
    expect(html).toBe(
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=123s" rel="noopener noreferrer nofollow" target="_blank">Watch from 2:03</a></p>',
    );
  });

  it("keeps relative and mailto links without a new tab", () => {
    expect(renderMarkdown("[home](/article/some-slug) [top](#top)")).toBe(
      '<p><a href="/article/some-slug">home</a> <a href="#top">top</a></p>',
    );
    expect(renderMarkdown("[mail](mailto:a@example.com)")).toBe('<p><a href="mailto:a@example.com">mail</a></p>');
  });

  it("renders code, tables, rules and line breaks", () => {
    expect(renderMarkdown("```js\nconst a = 1 < 2;\n```")).toBe(
      '<pre><code class="language-js">const a = 1 &lt; 2;\n</code></pre>',
    );
    expect(renderMarkdown("| a | b |\n|:-|-:|\n| 1 | 2 |")).toContain('<th align="left">a</th>');
    expect(renderMarkdown("a\n\n---\n\nb")).toContain("<hr />");
    expect(renderMarkdown("line one  \nline two")).toContain("<br />");
  });

  it("renders an image as a link to it, never as an <img>", () => {
    expect(renderMarkdown("![A chart](https://img.example/chart.png)")).toBe(
      '<p><a href="https://img.example/chart.png" rel="noopener noreferrer nofollow" target="_blank">A chart</a></p>',
    );
  });

  it("keeps text that merely mentions dangerous words", () => {
    expect(renderMarkdown("Never type javascript: into the address bar & 1 < 2")).toBe(
      "<p>Never type javascript: into the address bar &amp; 1 &lt; 2</p>",
    );
  });
});

describe("isSafeHref", () => {
  it("accepts web, mail and relative targets", () => {
    for (const href of [
      "https://a.example/x?y=1&t=3s",
      "http://a.example",
      "mailto:x@y.z",
      "/a/b",
      "#frag",
      "?q=1",
      "page.html",
      "a/b:c",
    ]) {
      expect(isSafeHref(href), href).toBe(true);
    }
  });

  it("refuses other schemes however they are disguised", () => {
    for (const href of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "java%09script:alert(1)",
      "java%2509script:alert(1)",
      "\u200bjavascript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "file:///etc/passwd",
      "//evil.example",
      "\\\\evil.example",
      "/\\evil.example",
      "ftp://x.example",
      "",
    ]) {
      expect(isSafeHref(href), JSON.stringify(href)).toBe(false);
    }
  });
});

describe("plain text helpers", () => {
  const md =
    "## Heading\n\nFirst *paragraph* with a [link](https://x.example) &amp; more.\n\n- item one\n- item two\n\n<div>raw html</div>\n\n> quoted";

  it("markdownToPlainText drops markup and raw HTML", () => {
    expect(markdownToPlainText(md)).toBe(
      "Heading\n\nFirst paragraph with a link & more.\n\nitem one\n\nitem two\n\nquoted",
    );
    expect(markdownToPlainText("<script>alert(1)</script>\n\nSafe.")).toBe("Safe.");
  });

  it("firstParagraphText reads markdown or HTML", () => {
    expect(firstParagraphText(md)).toBe("First paragraph with a link & more.");
    expect(firstParagraphText(renderMarkdown(md))).toBe("First paragraph with a link & more.");
    expect(firstParagraphText("## Only a heading")).toBeNull();
  });

  it("truncateText cuts at a word boundary", () => {
    expect(truncateText("one two three four five", 12)).toBe("one two…");
    expect(truncateText("short", 12)).toBe("short");
    expect(truncateText("a, b, c, d, e, f, g", 10).length).toBeLessThanOrEqual(10);
  });

  it("decodeHtmlEntities handles named and numeric entities", () => {
    expect(decodeHtmlEntities("&lt;a&gt; &amp; &#39;x&#x27; &nbsp;&bogus;")).toBe("<a> & 'x' \u00a0&bogus;");
  });
});
