import { bare, isWord, stripMarkers } from "./spoken-headings";
import { stem } from "./tokens";

/**
 * A how-to section that opens on an instruction ("Replace the chain when it stretches.") is
 * headed by what it does: "Replacing the chain". English only: the verb must be one a how-to
 * gives as an instruction, and its object must be what the section keeps talking about.
 */

// Verbs an instruction opens with, not also common nouns or fillers ("look", "check out").
const INSTRUCTION_VERBS = new Set(
  `add adjust apply bake boil brush buy carry change choose clean close cook cover cut drain dry empty feed fill
  fit fix fold grease heat inflate install lift loosen lube measure mix oil open paint patch peel plant pour
  prepare press prune pull pump raise remove repair replace rinse roll sand scrape seal season sharpen shift
  sift slice soak spray spread squeeze store stretch strip swap test tighten trim true tune unscrew wash water
  wax weigh wipe wrap`.split(/\s+/),
);
const PARTICLES = new Set(["out", "off", "up", "down", "in", "back"]);
const DETERMINERS = new Set(["the", "your", "a", "an", "each", "every", "both", "any"]);
// Where the object ends ("the chain | before you lube it").
const OBJECT_ENDS = new Set(
  "and or with so until before after if when to for into onto on in at from by because then while than of".split(" "),
);

/** Whether a word is a verb a how-to gives as an instruction ("adjust", "clean"). */
export const isInstructionVerb = (word: string) => INSTRUCTION_VERBS.has(word.toLowerCase());

/** "replace" -> "replacing", "cut" -> "cutting", "dry" -> "drying", "true" -> "truing". */
export function gerund(verb: string): string {
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^e]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  const syllables = verb.match(/[aeiouy]+/g)?.length ?? 0;
  if (syllables === 1 && /[^aeiou][aeiou][^aeiouwxy]$/.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

/**
 * The heading an opening instruction gives ("If it's worn, replace the chain." -> "Replacing the
 * chain"), or null. `central` says whether a stem is one of the section's key words.
 */
export function instructionHeading(
  text: string,
  central: (stem: string) => boolean,
): { heading: string; verb: string } | null {
  if (text.length > 240) return null;
  let body = stripMarkers(text, "en");
  // "If it drops in at 0.75, replace the chain": the instruction follows the condition.
  if (/^(?:if|when|once)\s/i.test(body)) {
    const comma = body.indexOf(", ");
    if (comma < 0 || comma > 120) return null;
    body = body.slice(comma + 2);
  }
  const tokens = body.split(/\s+/).slice(0, 12);
  const verb = bare(tokens[0] ?? "");
  if (!INSTRUCTION_VERBS.has(verb) || /[.,;:!?]$/.test(tokens[0])) return null;
  let k = 1;
  const particle = PARTICLES.has(bare(tokens[k] ?? "")) ? bare(tokens[k++]) : "";
  const determiner = bare(tokens[k] ?? "");
  if (!DETERMINERS.has(determiner)) return null;
  k++;
  const object: string[] = [];
  for (; k < tokens.length && object.length < 4; k++) {
    const word = bare(tokens[k]);
    if (OBJECT_ENDS.has(word) || !isWord(tokens[k])) break;
    object.push(tokens[k].replace(/[.,;:!?"”')]+$/, ""));
    if (/[.,;:!?]$/.test(tokens[k])) break;
  }
  if (object.length === 0 || object.length > 3) return null;
  if (!object.some((w) => central(stem(w.toLowerCase())))) return null;
  // "your chain" is the reader's in a heading too, but "the" reads as an editor's heading.
  const article = determiner === "a" || determiner === "an" ? determiner : "the";
  const words = [gerund(verb), particle, article, ...object].filter(Boolean);
  const heading = words.join(" ");
  return { heading: heading.charAt(0).toUpperCase() + heading.slice(1), verb };
}
