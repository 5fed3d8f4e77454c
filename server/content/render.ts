import { Marked, type Token, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "../lib/escape-html";
import { decodeHtmlEntities } from "./html-entities";
import { tameMarkdown } from "./tame-markdown";

/**
 * Article bodies are markdown written by an LLM, by the offline writer from untrusted video text,
 * or by users in the edit dialog. They are rendered with marked and then cleaned with an
 * allowlist: whatever marked lets through (it passes raw HTML on and does not vet link targets),
 * the sanitizer decides what reaches a reader's browser.
 *
 * Images are not allowed. An article never needs one (the page shows the video thumbnail), and an
 * <img> pointing at any host would let an author track readers or pull in mixed content. A
 * markdown image is rendered as a plain link to the image, with its alt text as the link text.
 */

const ALLOWED_TAGS = [
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
];

const ALIGN = { name: "align", multiple: false, values: ["left", "center", "right"] };

/** Schemes a link may use. Anything else, and anything that only looks relative, is dropped. */
const SAFE_SCHEMES = new Set(["http", "https", "mailto"]);

/**
 * Tags whose text content is dropped along with the tag (not just unwrapped): their content is
 * code, styling or markup in another namespace, never article prose.
 */
const NON_TEXT_TAGS = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "xmp",
  "select",
  "title",
  "head",
];

// Characters browsers ignore or strip inside URLs: C0 controls, space, DEL, C1 controls and
// invisible formatting characters. "java\tscript:" is still javascript: to a browser.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must be removed
const URL_IGNORED = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;

/**
 * Whether a link target is safe to keep: http, https or mailto, or a relative URL (path, query or
 * fragment). Scheme checks run on the target as a browser would see it (entities are already
 * decoded by the HTML parser) and again after percent-decoding, ignoring whitespace, control
 * characters and case. Protocol-relative ("//host") and backslash forms are refused.
 */
export function isSafeHref(href: string): boolean {
  const forms = [href];
  let current = href;
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(current);
      if (decoded === current) break;
      forms.push(decoded);
      current = decoded;
    } catch {
      break;
    }
  }
  for (const form of forms) {
    const url = form.replace(URL_IGNORED, "").toLowerCase();
    if (!url) return false;
    if (/^[/\\]{2}/.test(url) || /^\/\\/.test(url)) return false;
    const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url);
    if (scheme) {
      if (!SAFE_SCHEMES.has(scheme[1])) return false;
      continue;
    }
    // A colon before the first "/", "?" or "#" is a scheme in disguise, not a relative path.
    const firstPart = url.split(/[/?#]/, 1)[0];
    if (firstPart.includes(":")) return false;
  }
  return true;
}

function isAbsoluteWebLink(href: string): boolean {
  return /^https?:/i.test(href.replace(URL_IGNORED, ""));
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    code: ["class"],
    ol: ["start"],
    th: [ALIGN],
    td: [ALIGN],
  },
  allowedClasses: { code: [/^language-[\w+-]{1,30}$/] },
  allowedSchemes: [...SAFE_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "action", "formaction", "xlink:href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: NON_TEXT_TAGS,
  nestingLimit: 40,
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (_tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      const href = attribs.href?.trim();
      if (href && isSafeHref(href)) {
        out.href = href;
        if (isAbsoluteWebLink(href)) {
          out.rel = "noopener noreferrer nofollow";
          out.target = "_blank";
        }
      }
      if (attribs.title) out.title = attribs.title;
      return { tagName: "a", attribs: out };
    },
  },
  // A link whose target was refused keeps its text but loses the <a>.
  exclusiveFilter: (frame) => (frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false),
};

const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({
  renderer: {
    image({ href, text }: Tokens.Image) {
      const label = escapeHtml(text.trim() || "Image");
      return `<a href="${escapeHtml(href)}">${label}</a>`;
    },
  },
});

/**
 * Markdown to marked's tokens. Every parse goes through tameMarkdown first, so no input makes
 * marked slow or deep (issue 15): rendering, plain text and receipts all see the same tokens.
 */
export function lexMarkdown(markdown: string): Token[] {
  // An edit reads the same body three times (plain text, receipts, their plain text): the last
  // body's tokens are kept, so it is parsed once. Callers only read the tokens.
  if (lastLexed?.markdown !== markdown) lastLexed = { markdown, tokens: marked.lexer(tameMarkdown(markdown)) };
  return lastLexed.tokens;
}
let lastLexed: { markdown: string; tokens: Token[] } | null = null;

/** Markdown to sanitized HTML, safe to put in a page as it is. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(tameMarkdown(markdown), { async: false });
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/** Cleans HTML from elsewhere (an LLM that answered HTML, an old row) with the same allowlist. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

function inlineText(tokens: Token[] | undefined): string {
  if (!tokens) return "";
  let out = "";
  for (const token of tokens) {
    switch (token.type) {
      case "html":
        break;
      case "br":
        out += " ";
        break;
      case "codespan":
      case "escape":
        out += decodeHtmlEntities(token.text);
        break;
      case "image":
        out += decodeHtmlEntities(token.text);
        break;
      case "text":
        out += "tokens" in token && token.tokens ? inlineText(token.tokens) : decodeHtmlEntities(token.text);
        break;
      default:
        out +=
          "tokens" in token && token.tokens
            ? inlineText(token.tokens)
            : "text" in token
              ? decodeHtmlEntities(token.text)
              : "";
    }
  }
  return out;
}

function blockTexts(tokens: Token[], out: string[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case "space":
      case "hr":
      case "html":
      case "def":
        break;
      case "code":
        out.push(token.text);
        break;
      case "list":
        for (const item of (token as Tokens.List).items) blockTexts(item.tokens, out);
        break;
      case "blockquote":
        blockTexts((token as Tokens.Blockquote).tokens, out);
        break;
      case "table": {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) {
          out.push(row.map((cell) => inlineText(cell.tokens)).join(" "));
        }
        break;
      }
      default:
        out.push("tokens" in token && token.tokens ? inlineText(token.tokens) : "text" in token ? token.text : "");
    }
  }
}

/**
 * The words of a markdown body without any markup: blocks separated by a blank line, whitespace
 * inside a block collapsed, raw HTML dropped. For excerpts, meta descriptions and previews.
 */
export function markdownToPlainText(markdown: string): string {
  const out: string[] = [];
  blockTexts(lexMarkdown(markdown), out);
  return out
    .map((block) => breakLongRuns(block.replace(/\s+/g, " ").trim()))
    .filter(Boolean)
    .join("\n\n");
}

/** The longest run without a space that plain text keeps whole, unless it is all letters. */
export const MAX_RUN = 32;
const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}`, "gu");
const RUN_PIECE = new RegExp(`.{1,${MAX_RUN}}`, "gsu");
const LETTERS = /^[\p{L}\p{M}]+$/u;

/**
 * Plain text is what the database indexes for search, and PostgreSQL's text-search parser takes
 * the square of a long run like "a_a_a…" or "1-2.3-4…" (50,000 characters: over a minute, on the
 * embedded database inside the server's own thread). A run longer than MAX_RUN characters with
 * anything but letters in it is cut into pieces of MAX_RUN code points; words, even long
 * compounds, are left whole.
 */
function breakLongRuns(text: string): string {
  return text.replace(LONG_RUN, (run) => (LETTERS.test(run) ? run : (run.match(RUN_PIECE) ?? [run]).join(" ")));
}

/**
 * The text of the first paragraph of a body given as markdown or as HTML (the first <p>); null when
 * there is none. Headings, lists and quotes before it are skipped.
 */
export function firstParagraphText(body: string): string | null {
  if (/^\s*</.test(body) && /<p[\s>]/i.test(body)) {
    const match = /<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/i.exec(body);
    if (!match) return null;
    const text = decodeHtmlEntities(sanitizeHtml(match[1], { allowedTags: [], allowedAttributes: {} }))
      .replace(/\s+/g, " ")
      .trim();
    return text || null;
  }
  for (const token of lexMarkdown(body)) {
    if (token.type === "paragraph") {
      const text = inlineText((token as Tokens.Paragraph).tokens)
        .replace(/\s+/g, " ")
        .trim();
      if (text) return text;
    }
  }
  return null;
}

/** Cuts plain text to at most `max` characters at a word boundary, ending with "…" when cut. */
export function truncateText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  const head = (space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?—–-]+$/u, "");
  return `${head}…`;
}
