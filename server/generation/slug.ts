/** A readable URL slug from a title: "Why Rust? A 2025 Look" -> "why-rust-a-2025-look". */
export function slugify(title: string, maxLength = 80): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = slug.length > maxLength ? slug.slice(0, maxLength).replace(/-[^-]*$/, "") : slug;
  // A purely numeric slug would be read as an article id by /article/{identifier}.
  if (!cut || /^\d+$/.test(cut)) return `article-${cut || "untitled"}`;
  return cut;
}
