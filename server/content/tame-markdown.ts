/**
 * Markdown made safe for marked to parse in bounded time (issue 15, item 1). marked backtracks on
 * some inputs an author can send: its emphasis search scans ahead from every `*`, `_` or `~` for a
 * closer, so a paragraph of `_a_a_a…` costs the cube of its length (100,000 characters froze the
 * server for minutes), and every `>` or list marker on a line nests one level deeper by recursion
 * (a few thousand overflow the stack). This pass is one linear scan that changes nothing in
 * ordinary text and defuses both:
 *
 * - At most MAX_NESTING containers (`>` quotes and list markers) open on one line; the marker that
 *   would open one more is escaped and the rest of the line is text.
 * - At most MAX_DELIMITERS emphasis characters (`*`, `_`, `~`) stay live in one block (a run of
 *   lines without a blank one); later ones are escaped and read as the characters themselves.
 *   A person never puts 100 of them in one paragraph; a code block that does shows a backslash
 *   before the extra ones, which is the price of the bound.
 */
export const MAX_NESTING = 20;
export const MAX_DELIMITERS = 100;

const isSpace = (c: string | undefined) => c === " " || c === "\t";
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** A line with at most MAX_NESTING container markers at its start (the next one escaped). */
export function capNesting(line: string): string {
  let i = 0;
  let depth = 0;
  while (i < line.length) {
    let j = i;
    while (isSpace(line[j])) j++;
    const c = line[j];
    let escapeAt = -1;
    let next = -1;
    if (c === ">") {
      escapeAt = j;
      next = j + 1;
    } else if ((c === "-" || c === "*" || c === "+") && isSpace(line[j + 1])) {
      escapeAt = j;
      next = j + 1;
    } else if (isDigit(c)) {
      let k = j;
      while (isDigit(line[k]) && k - j < 9) k++;
      if ((line[k] === "." || line[k] === ")") && isSpace(line[k + 1])) {
        escapeAt = k;
        next = k + 1;
      }
    }
    if (escapeAt < 0) break;
    if (depth >= MAX_NESTING) return `${line.slice(0, escapeAt)}\\${line.slice(escapeAt)}`;
    depth++;
    i = next;
  }
  return line;
}

/** Whether a line ends a block: nothing but spaces and quote markers. */
function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c !== " " && c !== "\t" && c !== ">" && c !== "\r") return false;
  }
  return true;
}

export function tameMarkdown(markdown: string): string {
  const lines = markdown.split("\n");
  let live = 0;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    if (isBlank(line)) {
      live = 0;
      // A line of nothing but quote markers ends the block, yet still nests one level a marker.
      lines[n] = capNesting(line);
      continue;
    }
    const capped = capNesting(line);
    let out: string[] | null = null;
    let from = 0;
    for (let i = 0; i < capped.length; i++) {
      const c = capped[i];
      if (c === "\\") {
        i++; // an escaped character is never a delimiter
        continue;
      }
      if (c !== "*" && c !== "_" && c !== "~") continue;
      if (live < MAX_DELIMITERS) {
        live++;
        continue;
      }
      out ??= [];
      out.push(capped.slice(from, i), "\\");
      from = i;
    }
    lines[n] = out ? `${out.join("")}${capped.slice(from)}` : capped;
  }
  return lines.join("\n");
}
