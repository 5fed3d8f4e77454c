/** English plural rules, made once: "one" for exactly 1, "other" for everything else (0, 2, 1.5). */
const rules = new Intl.PluralRules("en-US");

/**
 * The noun for a count, by Intl.PluralRules: plural(1, "view") is "view", plural(2, "view") is
 * "views"; an irregular plural is given ("person", "people"). Missing or invalid counts read
 * as 0 (plural).
 */
export function plural(count: number | null | undefined, singular: string, pluralForm = `${singular}s`): string {
  const n = typeof count === "number" && Number.isFinite(count) ? count : 0;
  return rules.select(n) === "one" ? singular : pluralForm;
}
