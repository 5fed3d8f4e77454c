import { describe, expect, it } from "vitest";
import { escapeHtml, serializeForScript } from "./html";
import { fillTemplate } from "./routes";

describe("escapeHtml", () => {
  it("escapes every character that could open markup or end an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("serializeForScript", () => {
  it("cannot close the script element, whatever the strings hold", () => {
    const out = serializeForScript({ name: "</script><script>alert(1)</script><!--" });
    expect(out).not.toMatch(/<\/script/i);
    expect(out).not.toContain("<!--");
    expect(JSON.parse(out)).toEqual({ name: "</script><script>alert(1)</script><!--" });
  });
});

describe("fillTemplate", () => {
  it("puts the head, markup and data where the template asks", () => {
    const html = fillTemplate("<head><!--app-head--></head><div id=root><!--app-html--></div><!--app-data-->", {
      head: { title: "A <b> title", description: 'say "hi"', canonicalUrl: "http://x/" },
      appHtml: "<p>hello</p>",
      queries: [{ queryKey: ["/api/auth/user"], data: { firstName: "</script>" } }],
    });
    expect(html).toContain("<title>A &lt;b&gt; title</title>");
    expect(html).toContain('content="say &quot;hi&quot;"');
    expect(html).toContain("<div id=root><p>hello</p></div>");
    expect(html).toContain('<script id="__APP_DATA__" type="application/json">');
    expect(html).not.toContain("</script><");
  });
});
