import type { Plan } from "./plan";

/*
 * What a how-to video teaches, from its own instructions: "Clean the chain before you lube it"
 * and "Always check the inside of the tyre…" give "How to Clean the Chain and Check the Inside of
 * the Tyre". A headline that promises the reader the tasks they will learn says more than "What
 * to Know About the Tyre". English only: it reads the verbs and articles of English imperatives.
 */

// Verbs of doing a task, the ones a tutorial teaches. Verbs of attention ("look", "watch",
// "listen") and talk ("say", "remember") make no promise.
const TASK_VERBS = new Set(
  `replace clean check adjust fix tighten loosen remove install test pump lube oil bake mix fold knead shape proof
  preheat score feed measure weigh cut chop add stir season pay save track cancel refinance build configure
  deploy write plan pick choose avoid buy clear wash dry store sharpen paint sand drill seal patch true inflate
  charge update reset restart prune water plant sow harvest compost brew grind roast price raise lower reduce
  split index cache retry monitor set`.split(/\s+/),
);

// Verbs an instruction opens on besides the tasks: handling, waiting, attention.
const IMPERATIVE_VERBS = new Set(
  `drop put take make let get go turn push pull hold keep try use start stop remember give grab look watch
  listen leave bring squeeze spin rock wait repeat skip don't never always`.split(/\s+/),
);

/** Whether an English sentence tells the reader what to do ("Drop the temperature…", "Always check…"). */
export function isImperative(sentence: string): boolean {
  const words = sentence.slice(0, 200).toLowerCase().split(/\s+/);
  let k = 0;
  while (k < 2 && LEADS.has((words[k] ?? "").replace(/,$/, ""))) k++;
  const first = (words[k] ?? "").replace(/[,.]$/, "").replace("’", "'");
  return TASK_VERBS.has(first) || IMPERATIVE_VERBS.has(first) || first === "let's";
}

// What may come before the verb: a softener, or an "if …," clause ending at its comma.
const LEADS = new Set("always just then and so please first next now".split(" "));
const DETERMINERS = new Set("the your a an each every both any some all".split(" "));
// Words that end the object: prepositions (but one "of"), conjunctions, subordinators, adverbs.
const STOPS = new Set(
  `before after when until while because if so and or but then at in on to for with from into by as than once
  every up down out off over under again first last too really a an the your every it them this that`.split(/\s+/),
);

/** One instruction's verb and object ("adjust", "the gears"), or null when the sentence is not one. */
export function taskOf(sentence: string): { verb: string; object: string } | null {
  let words = sentence
    .slice(0, 400)
    .replace(/[.!]+$/, "")
    .split(/\s+/);
  // "If it drops in at point seventy five, replace the chain": the instruction after the comma.
  if (/^if$/i.test(words[0] ?? "")) {
    const comma = words.findIndex((w) => w.endsWith(","));
    if (comma < 0 || comma > 20) return null;
    words = words.slice(comma + 1);
  }
  let k = 0;
  while (k < 2 && LEADS.has((words[k] ?? "").toLowerCase().replace(/,$/, ""))) k++;
  const verb = (words[k] ?? "").toLowerCase();
  if (!TASK_VERBS.has(verb)) return null;
  const determiner = (words[k + 1] ?? "").toLowerCase();
  if (!DETERMINERS.has(determiner)) return null;
  const object: string[] = [determiner === "your" ? "the" : determiner];
  let usedOf = false;
  for (let j = k + 2; j < words.length && object.length < 6; j++) {
    const raw = words[j];
    const word = raw.replace(/[,;:]$/, "");
    const lower = word.toLowerCase();
    if (!/^[\p{L}-]+$/u.test(word)) break;
    if (lower === "of" && !usedOf && object.length >= 2) {
      // "the inside of the tyre": one "of" with its own determiner.
      const next = (words[j + 1] ?? "").toLowerCase();
      if (!DETERMINERS.has(next)) break;
      usedOf = true;
      object.push("of", next === "your" ? "the" : next);
      j++;
      continue;
    }
    if (STOPS.has(lower)) break;
    object.push(word);
    if (raw !== word) break;
  }
  // A determiner alone, or one dangling after "of", names nothing.
  if (object.length < 2 || DETERMINERS.has(object[object.length - 1].toLowerCase())) return null;
  return { verb, object: object.join(" ") };
}

/**
 * "How to Clean the Chain, Adjust the Gears and Check the Inside of the Tyre": the video's most
 * important instructions (by the ranking), two or three with different verbs and objects, or null
 * when the video gives fewer than two.
 */
export function instructionPromise(plan: Plan, maxLength = 90): string | null {
  if (plan.meta.lang !== null && plan.meta.lang !== "en") return null;
  const { sentences } = plan.analysis;
  const order = [...sentences.keys()]
    .filter((i) => plan.scores[i] > 0)
    .sort((a, b) => plan.scores[b] - plan.scores[a] || a - b)
    .slice(0, 60);
  const tasks: string[] = [];
  const seen = new Set<string>();
  for (const i of order) {
    // A sentence may give two ("Clean the chain … and adjust your gears …").
    for (const clause of sentences[i].text.split(/,? and (?=\p{Ll})/u).slice(0, 3)) {
      const task = taskOf(clause);
      if (!task) continue;
      const head = task.object.split(" ").pop()!.toLowerCase().replace(/s$/, "");
      if (seen.has(task.verb) || seen.has(head)) continue;
      seen.add(task.verb);
      seen.add(head);
      tasks.push(`${task.verb} ${task.object}`);
      if (tasks.length === 3) break;
    }
    if (tasks.length === 3) break;
  }
  for (let n = tasks.length; n >= 2; n--) {
    const chosen = tasks.slice(0, n);
    const text = `How to ${chosen.length === 2 ? chosen.join(" and ") : `${chosen.slice(0, -1).join(", ")} and ${chosen.at(-1)}`}`;
    if (text.length <= maxLength) return text;
  }
  return null;
}
