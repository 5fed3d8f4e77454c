import { isInstruction } from "./filters";

/*
 * A description that says who speaks after what ("Head coach Maureen Tully and senior captain
 * Aisha Bello speak to reporters after the Herons' 68-64 win over Port Ellery in the Coastal
 * Conference final on Saturday night."): a press conference's news is the event it follows,
 * which its own words take for granted. Read for the news lede (nyt.ts) and headline (headline.ts).
 */

const OCCASION =
  /^((?:\p{L}[\p{L}.'’-]*\s+){1,11}?)(speaks?|talks?|reacts?)\s+((?:to|with)\s+(?:reporters|the media|the press|journalists)\s+)?(after|following)\s+((?:[\p{L}\p{N}'’-]+[,]?\s+){2,24}[\p{L}\p{N}'’-]+)[.!]?$/u;
const PAST: Record<string, string> = {
  speak: "spoke",
  speaks: "spoke",
  talk: "talked",
  talks: "talked",
  react: "reacted",
  reacts: "reacted",
};

export interface Occasion {
  /** Who speaks, as the description writes it ("Head coach Maureen Tully and senior captain Aisha Bello"). */
  who: string;
  /** The speaking verb in the past ("spoke") and, for a headline, its plain form ("Speak"). */
  past: string;
  present: string;
  /** "to reporters " or "". */
  audience: string;
  after: string;
  /** What they speak after ("the Herons' 68-64 win over Port Ellery in the Coastal Conference final…"). */
  event: string;
}

/**
 * The parts of a description's sentence saying who speaks after which event, or null unless it
 * says exactly that in English, with no question, quotation, link or instruction.
 */
export function occasionIn(sentence: string): Occasion | null {
  const first = sentence.replace(/\s+/g, " ").trim();
  if (!first || first.length > 300 || /[?:;"“”()[\]<>{}|*_#@/\\]/.test(first) || isInstruction(first)) return null;
  const m = OCCASION.exec(first);
  if (!m) return null;
  const [, who, verb, audience, after, event] = m;
  if (!/^\p{Lu}/u.test(who) || !/\p{Lu}/u.test(event)) return null;
  const lower = verb.toLowerCase();
  // The verb's plain form, capitalised for a headline ("Speak"); occasionHeadline adds the "s".
  const present = `${lower.charAt(0).toUpperCase()}${lower.slice(1).replace(/s$/, "")}`;
  return { who: who.trim(), past: PAST[lower], present, audience: audience ?? "", after, event };
}

/**
 * A headline from an occasion: who (their names only) speak after the event, cut before where
 * and when ("Tully and Bello Speak After the Herons' 68-64 Win Over Port Ellery"), or for a
 * blog what they said then.
 */
export function occasionHeadline(sentence: string, style: "news" | "promise" = "news"): string | null {
  const o = occasionIn(sentence);
  if (!o) return null;
  const names = [...o.who.matchAll(/\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)+/gu)].map((m) => m[0].split(/\s+/).pop() ?? "");
  if (names.length === 0 || names.length > 3) return null;
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  const verb = names.length === 1 ? `${o.present}s` : o.present;
  const event = o.event.split(/\s+(?:in|on|at|during)\s+(?:the\s+)?/)[0];
  // A blog promises what the reader learns: "What Tully and Bello Said After the Herons' … Win".
  return style === "news" ? `${who} ${verb} After ${event}` : `What ${who} Said After ${event}`;
}
