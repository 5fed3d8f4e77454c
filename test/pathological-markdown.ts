/**
 * Markdown an attacker would send to make the text functions slow (issue 15, item 1): each case
 * builds an input of about `size` characters. Shared by the unit tests (at the content cap) and by
 * scripts/bench/markdown-worst.ts (which times them).
 */
const repeat = (unit: string, size: number) => unit.repeat(Math.max(1, Math.floor(size / unit.length)));

/** Lines indented one level deeper each, until `size` characters are used. */
function nestedLines(size: number, line: (depth: number) => string): string {
  let out = "";
  for (let depth = 0; out.length < size; depth++) out += `${line(depth)}\n`;
  return out.slice(0, size);
}

/** Backtick runs of growing length with text between: no run ever closes an earlier one. */
function backtickRuns(size: number): string {
  let out = "";
  for (let length = 1; out.length < size; length = (length % 200) + 1) out += `${"`".repeat(length)}a`;
  return out.slice(0, size);
}

export const PATHOLOGICAL_MARKDOWN: Record<string, (size: number) => string> = {
  "open brackets": (size) => repeat("[", size),
  "[> runs": (size) => repeat("[>", size),
  "unclosed links": (size) => repeat("[a](", size),
  "unclosed images": (size) => repeat("![a](b", size),
  "closed bracket pairs": (size) => repeat("[a]", size),
  "*a emphasis": (size) => repeat("*a", size),
  "_a emphasis": (size) => repeat("_a", size),
  "**a strong": (size) => repeat("**a", size),
  "__a strong": (size) => repeat("__a", size),
  "*_ mixed": (size) => repeat("*_a", size),
  "~a strike": (size) => repeat("~a", size),
  "< runs": (size) => repeat("<", size),
  "<a runs": (size) => repeat("<a", size),
  "<a x= runs": (size) => repeat("<a x=", size),
  "html comments": (size) => repeat("<!--", size),
  autolinks: (size) => repeat("<http://a", size),
  "www runs": (size) => repeat("www.a", size),
  "backtick run": (size) => repeat("`", size),
  "backtick lengths": backtickRuns,
  "fence runs": (size) => repeat("```\n", size),
  "> nesting": (size) => `${repeat(">", size - 1)}a`,
  "> nesting spaced": (size) => `${repeat("> ", size - 1)}a`,
  "> lines deeper": (size) => nestedLines(size, (depth) => `${">".repeat(depth)} a`),
  "- nesting one line": (size) => `${repeat("- ", size - 1)}a`,
  "1. nesting one line": (size) => `${repeat("1. ", size - 1)}a`,
  "list lines deeper": (size) => nestedLines(size, (depth) => `${"  ".repeat(depth)}- a`),
  "list quote mix": (size) => `${repeat("- > ", size - 1)}a`,
  "long line": (size) => repeat("a", size),
  "a_ run": (size) => repeat("a\\_", size),
  "1-2. run": (size) => repeat("1-2.", size),
  "long word line": (size) => repeat("word ", size),
  "many lines": (size) => repeat("a\n", size),
  "table pipes": (size) => `a|b\n-|-\n${repeat("|", size - 8)}`,
  "table rows": (size) => `a|b\n-|-\n${repeat("|a|\n", size - 8)}`,
  "table columns": (size) => `${repeat("a|", size / 2 - 2)}\n${repeat("-|", size / 2 - 2)}`,
  backslashes: (size) => repeat("\\", size),
  entities: (size) => repeat("&a", size),
  "reference defs": (size) => repeat("[a]: b\n", size),
  headings: (size) => repeat("# ", size),
  setext: (size) => repeat("a\n=\n", size),
  spaces: (size) => `a${repeat(" ", size - 2)}a`,
  "tabs indented": (size) => repeat("\t", size),
};
