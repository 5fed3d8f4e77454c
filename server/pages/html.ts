import { escapeHtml } from "../lib/escape-html";

export { escapeHtml };

/**
 * JSON that is safe inside a <script> element: no "</script>", "<!--" or line separators can
 * end the element or confuse the parser, whatever strings the data holds.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A small page the server writes outside the React app (the payment hand-off, the sandbox
 * checkout, the API docs): the title escaped, never indexed, and no favicon request. `head` and
 * `body` are markup the caller has already escaped.
 */
export function standalonePage({ title, head = "", body }: { title: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}
