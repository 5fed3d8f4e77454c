import { isInstruction, isUntrusted } from "./filters";

/*
 * What the description says each speaker is ("Jordan Pike, superintendent of the Fernvale School
 * District", "urban planner Marcus Bell", "Claire Fontaine (adjointe aux mobilités)"), so an
 * article can say who someone is when it first quotes them, as a newspaper does. The description
 * is untrusted text: a role is a short noun phrase or nothing.
 */

// Longest description read, and longest role taken (in words and characters).
const MAX_DESCRIPTION = 20_000;
const MAX_ROLE_WORDS = 14;
const MAX_ROLE_CHARS = 110;

// Where an appositive role ends: a relative clause, a new clause or a list of more people.
const ROLE_END =
  /,\s|(?:^|\s)(?:who|which|that|whose|where|will|is|was|has|joins|talks|says|explains|argues|qui|que|quien|quem)\s/iu;
// Words that cannot be a role before a name: function words and verbs that introduce people.
const NOT_A_ROLE = new Set(
  `a an the and or but with by from of to for in on at as is are was were be been joined joins featuring feat
  hosted host hosts guest guests welcome welcomes meet meets interview interviews talks talk speaks speak
  says said asks asked our my your their his her its this that these those today tonight also
  et avec par de la le les des du un une y con por el los las del und mit von der die das ein eine com por o os`.split(
    /\s+/,
  ),
);

const words = (text: string) => text.split(/\s+/).filter(Boolean);
// Personal pronouns, in the framed languages: a phrase with one is a clause, not a role. (Not
// French "on" nor German "du": English "on" and French "du" are in roles, "owner of … on Main Street".)
const PERSONAL_PRONOUN =
  /^(?:i|we|you|they|he|she|us|je|tu|il|elle|nous|vous|ils|elles|ich|er|wir|ihr|yo|tú|él|ella|nosotros|ellos|ellas|ustedes|eu|você|nós|eles|elas|vocês)$/iu;

/** Whether a phrase can stand as a role: a few plain words, no markup, links, quotes or instructions. */
function plainRole(text: string): boolean {
  const n = words(text).length;
  return (
    n >= 1 &&
    n <= MAX_ROLE_WORDS &&
    text.length <= MAX_ROLE_CHARS &&
    /^[\p{L}\p{N}][\p{L}\p{N}\s'’.,&-]*$/u.test(text) &&
    !/https?:|www\./i.test(text) &&
    !isUntrusted(text) &&
    !isInstruction(text)
  );
}

/** The role written after a name: "Name, role," or "Name (role)". */
function roleAfter(rest: string, others: readonly string[], english: boolean): string | null {
  const bracketed = /^\s*\(([^()\n]{2,120})\)/.exec(rest);
  if (bracketed) {
    const role = bracketed[1].trim();
    // "(Principal Engineer, Ledgerline)": the title at its organisation, in English.
    const atOrganisation = english ? /^([^,]{2,60}),\s+(\p{Lu}[^,]{1,60})$/u.exec(role) : null;
    return atOrganisation ? `${atOrganisation[1]} at ${atOrganisation[2]}` : role;
  }
  const appositive = /^,\s+([^\n.;:!?()"“”]{2,200})/u.exec(rest);
  // "Ann Poe, https://…": a link, not a role.
  if (!appositive || /^[:/]/.test(rest.slice(appositive[0].length))) return null;
  const phrase = appositive[1];
  const end = ROLE_END.exec(phrase);
  const role = (end ? phrase.slice(0, end.index) : phrase).trim();
  // "Jordan Pike, Alicia Moreno and…": a list of people, not a role.
  if (others.some((name) => role.includes(name))) return null;
  // "hosted by Keisha Brandt and Owen Marsh, we argue about…": the sentence goes on, no role.
  if (words(role).some((word) => PERSONAL_PRONOUN.test(word))) return null;
  const first = words(role)[0] ?? "";
  // A role opens in lower case ("superintendent of…", "the city's engineer") or as an acronym or
  // title word followed by its "of"/"at" ("CEO of Acme", "Director at the museum").
  const opensRole =
    /^\p{Ll}/u.test(first) ||
    /^\p{Lu}{2,6}$/u.test(first) ||
    /^\p{Lu}\p{Ll}+\s+(?:of|at|for|de|du|del|von|der|do|da)\s/u.test(role);
  return opensRole ? role : null;
}

/** The role written before a name, in English: "urban planner Marcus Bell". */
function roleBefore(before: string): string | null {
  const tail =
    before
      .slice(-80)
      .split(/[\n.;:!?()"“”,]/)
      .pop() ?? "";
  const kept: string[] = [];
  for (const word of words(tail).reverse()) {
    if (!/^\p{Ll}[\p{Ll}-]*$/u.test(word) || NOT_A_ROLE.has(word)) break;
    kept.unshift(word);
    if (kept.length === 3) break;
  }
  return kept.length > 0 ? kept.join(" ") : null;
}

/** "an urban planner", "a pediatrician": the indefinite article a role takes in English. */
function withIndefiniteArticle(role: string): string {
  if (/^(?:a|an|the)\s/i.test(role) || /^\p{Lu}/u.test(role)) return role;
  const an = /^[aeio]/i.test(role) || (/^u/i.test(role) && !/^(?:uni|use|usu|ur[aeiou])/i.test(role));
  return `${an ? "an" : "a"} ${role}`;
}

/**
 * What the description says each named person is, by name: after the name ("Name, role" or
 * "Name (role)") in any language, before it ("urban planner Marcus Bell") in English only, where
 * the article adds "a"/"an". Only full names (two words or more) are looked up.
 */
export function rolesFromDescription(
  description: string,
  names: readonly string[],
  english: boolean,
): Map<string, string> {
  const text = description.slice(0, MAX_DESCRIPTION);
  const roles = new Map<string, string>();
  for (const name of new Set(names)) {
    if (!name.includes(" ")) continue;
    const at = text.indexOf(name);
    if (at < 0) continue;
    // A whole name, not part of a longer one ("Ana Ruiz" inside "Ana Ruizova").
    if (/[\p{L}\p{N}]/u.test(text[at + name.length] ?? "")) continue;
    const others = names.filter((other) => other !== name);
    const after = roleAfter(text.slice(at + name.length, at + name.length + 400), others, english);
    const before = english && !after ? roleBefore(text.slice(0, at)) : null;
    const role = after ?? (before ? withIndefiniteArticle(before) : null);
    if (role && plainRole(role)) roles.set(name, role);
  }
  return roles;
}
