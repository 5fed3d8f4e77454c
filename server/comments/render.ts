import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { tameMarkdown } from "../content/tame-markdown";
import { escapeHtml } from "../lib/escape-html";

/*
 * A comment's markdown subset (issue 19 item 4): paragraphs, line breaks, **bold**, *italic*,
 * `code`, links (http and https only), block quotes and lists. Everything else is shown as the
 * text that was typed: headings, code blocks, rules, tables, strikethrough, images, reference
 * definitions and raw HTML are not parsed at all (their tokenizers are switched off), so
 * `<img src=x onerror=…>` is text, escaped by marked like any text.
 *
 * The result is then cleaned with a small allowlist of its own (defence in depth: whatever
 * marked produces, only these tags and only http(s) links reach a page). Rendered once, when
 * written; reads never render.
 *
 * Linear on untrusted input: the body is capped (contract MAX_COMMENT_LENGTH) and goes through
 * tameMarkdown first, the pass that bounds marked's emphasis search and nesting (issue 15).
 */

const ALLOWED_TAGS = ["p", "br", "strong", "em", "code", "a", "blockquote", "ul", "ol", "li"];

/** The rel every link in a comment carries: no ranking credit, user content, no window.opener. */
export const COMMENT_LINK_REL = "nofollow ugc noopener";

// Characters browsers ignore inside URLs (controls, spaces, invisible formatting).
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly these are ignored by browsers
const URL_IGNORED = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;

/** Only absolute http and https links become links; anything else (javascript:, data:, relative) stays text. */
export function isCommentLink(href: string): boolean {
  const url = href.replace(URL_IGNORED, "");
  if (!/^https?:\/\/[^/\\]/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
  nestingLimit: 30,
  parseStyleAttributes: false,
  transformTags: {
    a: (_tagName, attribs) => {
      const href = attribs.href?.trim() ?? "";
      const kept: sanitizeHtml.Attributes = isCommentLink(href) ? { href, rel: COMMENT_LINK_REL } : {};
      return { tagName: "a", attribs: kept };
    },
  },
  // A link whose target was refused keeps its text but loses the <a>.
  exclusiveFilter: (frame) => (frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false),
};

const off = () => undefined;
const marked = new Marked({ gfm: true, breaks: true, async: false });
marked.use({
  tokenizer: {
    heading: off,
    lheading: off,
    fences: off,
    code: off,
    hr: off,
    html: off,
    table: off,
    def: off,
    tag: off,
    del: off,
    reflink: off,
  },
  renderer: {
    // An image is shown as what was typed: a comment never loads anything from elsewhere.
    image({ raw }: Tokens.Image) {
      return escapeHtml(raw);
    },
    // A link to anything but http(s) is shown as what was typed.
    link({ href, tokens, raw }: Tokens.Link) {
      if (!isCommentLink(href)) return escapeHtml(raw);
      return `<a href="${escapeHtml(href)}" rel="${COMMENT_LINK_REL}">${this.parser.parseInline(tokens)}</a>`;
    },
  },
});

/** A comment's markdown (already trimmed and capped by the contract) as sanitised HTML. */
export function renderCommentMarkdown(markdown: string): string {
  const html = marked.parse(tameMarkdown(markdown), { async: false });
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}
