import { describe, expect, it } from "vitest";
import { element, escapeXml, sitemapUrl } from "./xml";

describe("escapeXml", () => {
  it("escapes markup characters and drops characters XML cannot hold", () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
    expect(escapeXml("a\u0000b\u0008c\u000bd\ufffee\tf\ng")).toBe("abcde\tf\ng");
    expect(escapeXml("emoji 😀 and ü stay")).toBe("emoji 😀 and ü stay");
  });
});

describe("element and sitemapUrl", () => {
  it("write escaped elements and attributes", () => {
    expect(element("guid", "a&b", { isPermaLink: 'tr"ue' })).toBe('<guid isPermaLink="tr&quot;ue">a&amp;b</guid>');
    expect(sitemapUrl("https://x.example/a?b=1&c=2", new Date("2025-03-01T00:00:00Z"))).toBe(
      "<url><loc>https://x.example/a?b=1&amp;c=2</loc><lastmod>2025-03-01T00:00:00.000Z</lastmod></url>",
    );
  });
});
