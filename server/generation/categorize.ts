import { CREATE_CATEGORIES } from "../../contract/options";
import type { VideoData } from "./types";
import { stem } from "./writers/extractive/tokens";

export type CreateCategory = (typeof CREATE_CATEGORIES)[number];

/**
 * Infers one of the create categories from what a video says about itself.
 *
 * Approach: a small weighted lexicon per category (single words and short phrases; a specific
 * term such as "kubernetes" or "parliament" weighs more than a generic one such as "app" or
 * "report"). Every field is tokenised the same way (lowercase, light plural stemming) and each
 * lexicon entry scores `weight * log2(1 + occurrences)`, so a word repeated fifty times in a
 * transcript counts for a few mentions, not fifty. Field scores are then weighted by how much
 * the field says about the topic: the title most, then chapters, the channel's name ("Northfield
 * Evening News"), the description and the transcript (descriptions carry sponsor and link
 * boilerplate, and transcripts are long and chatty).
 *
 * Fallback: when no category has real evidence the answer is Education. Every article here
 * explains what somebody said in a video, and Education is the only one of the five that makes no
 * claim about the subject: Technology, Business and News would file a cooking or travel video
 * under a topic it is not about, and Entertainment is a genre claim. Ties go to the category
 * listed first in CREATE_CATEGORIES, so the answer is deterministic.
 */

type Lexicon = Record<CreateCategory, Record<string, number>>;

const LEXICON: Lexicon = {
  Technology: {
    technology: 2.5,
    tech: 2.5,
    software: 2.5,
    hardware: 2.5,
    computer: 2,
    programming: 3,
    programmer: 3,
    coding: 3,
    code: 1.5,
    developer: 2.5,
    "web development": 3,
    javascript: 3,
    typescript: 3,
    python: 2,
    rust: 1,
    java: 1.5,
    golang: 3,
    react: 1,
    "node js": 3,
    nodejs: 3,
    database: 3,
    postgres: 3,
    postgresql: 3,
    sql: 3,
    api: 2.5,
    cloud: 1.5,
    server: 1.5,
    kubernetes: 3,
    docker: 3,
    linux: 3,
    ai: 2,
    "artificial intelligence": 3,
    "machine learning": 3,
    "deep learning": 3,
    "neural network": 3,
    llm: 3,
    "language model": 3,
    gpt: 2.5,
    chatgpt: 2.5,
    algorithm: 2,
    app: 1,
    smartphone: 3,
    iphone: 3,
    android: 3,
    laptop: 2.5,
    chip: 2,
    semiconductor: 3,
    gpu: 3,
    cpu: 3,
    processor: 2,
    internet: 1.5,
    website: 1.5,
    browser: 2,
    robot: 2,
    robotic: 3,
    cybersecurity: 3,
    encryption: 3,
    hacker: 2,
    blockchain: 2,
    "open source": 3,
    github: 3,
    framework: 2,
    compiler: 3,
    frontend: 3,
    backend: 3,
    devops: 3,
    latency: 2,
    cache: 2,
    gadget: 3,
    unboxing: 2,
    startup: 0.5,
    engineer: 1.5,
    engineering: 1.5,
    index: 1,
    query: 1.5,
    shortcut: 2,
    keyboard: 2.5,
    windows: 1.5,
    mac: 2,
    macos: 3,
    ios: 2.5,
    "operating system": 3,
    spreadsheet: 1.5,
    excel: 1.5,
  },
  Business: {
    business: 2.5,
    company: 1.5,
    startup: 3,
    entrepreneur: 3,
    founder: 2,
    ceo: 2.5,
    revenue: 3,
    profit: 2.5,
    sale: 1.5,
    marketing: 3,
    customer: 2,
    market: 1.5,
    stock: 2.5,
    investing: 3,
    investment: 2.5,
    investor: 2.5,
    finance: 2.5,
    financial: 2,
    money: 1.5,
    economy: 1.5,
    brand: 1.5,
    pricing: 2.5,
    funding: 2.5,
    "venture capital": 3,
    valuation: 3,
    ecommerce: 3,
    "side hustle": 3,
    "passive income": 3,
    management: 2,
    manager: 1.5,
    leadership: 2,
    negotiation: 2.5,
    salary: 2,
    hiring: 2,
    "real estate": 3,
    budget: 1.5,
    dividend: 3,
    inflation: 1.5,
    bank: 1.5,
    product: 1,
    growth: 1,
    strategy: 1.5,
    productivity: 1.5,
    "small business": 3,
  },
  Entertainment: {
    entertainment: 3,
    movie: 3,
    film: 2.5,
    trailer: 3,
    music: 2.5,
    song: 3,
    album: 3,
    "official video": 4,
    "music video": 4,
    "official audio": 4,
    lyric: 3,
    concert: 3,
    comedy: 3,
    funny: 2.5,
    prank: 3,
    vlog: 3,
    celebrity: 3,
    actor: 2.5,
    actress: 3,
    netflix: 2.5,
    episode: 1.5,
    gaming: 3,
    game: 1.5,
    gameplay: 3,
    minecraft: 3,
    fortnite: 3,
    anime: 3,
    reaction: 2,
    react: 1,
    challenge: 1.5,
    dance: 2.5,
    singer: 3,
    band: 2,
    rapper: 3,
    hollywood: 3,
    marvel: 3,
    sketch: 2,
    "stand up": 3,
    standup: 3,
    travel: 1.5,
    football: 1.5,
    highlight: 1.5,
    fun: 1,
  },
  Education: {
    education: 3,
    learn: 2,
    lesson: 3,
    lecture: 3,
    course: 2.5,
    tutorial: 2,
    explained: 2,
    explain: 1.5,
    "how to": 1.5,
    student: 2.5,
    teacher: 2.5,
    school: 2,
    university: 2.5,
    study: 2,
    exam: 3,
    history: 2.5,
    historical: 2,
    science: 2,
    scientist: 2,
    physics: 3,
    chemistry: 3,
    biology: 3,
    math: 3,
    mathematics: 3,
    equation: 2.5,
    theory: 2,
    research: 1.5,
    experiment: 2,
    grammar: 3,
    vocabulary: 3,
    psychology: 2.5,
    philosophy: 2.5,
    economics: 2,
    beginner: 2,
    "step by step": 1.5,
    understand: 1,
    knowledge: 1.5,
    skill: 1.5,
    brain: 1.5,
    // Food and cooking teach a method (ingredients, steps, what goes wrong): Education, like the
    // fallback, so a recipe that mentions a budget, a price or a sale is not filed under Business.
    recipe: 3.5,
    recipes: 3.5,
    cooking: 3.5,
    cook: 2.5,
    baking: 3.5,
    bake: 3,
    baker: 3,
    bread: 3,
    sourdough: 3.5,
    dough: 3,
    flour: 3,
    oven: 2,
    ingredient: 3,
    kitchen: 2.5,
    chef: 2.5,
    meal: 2.5,
    "meal prep": 3.5,
    dinner: 2,
    breakfast: 2,
    lunch: 1.5,
    dessert: 3,
    cake: 2.5,
    cookie: 2.5,
    pasta: 3,
    sauce: 2.5,
    soup: 2.5,
    salad: 2.5,
    curry: 3,
    roast: 2,
    grill: 2,
    bbq: 2,
    vegan: 2,
    food: 2,
    tablespoon: 3,
    teaspoon: 3,
    workout: 1,
    documentary: 2,
    "ted talk": 2,
    tedx: 2,
  },
  News: {
    news: 3,
    breaking: 2.5,
    election: 3,
    president: 2.5,
    government: 2.5,
    minister: 3,
    "prime minister": 3,
    parliament: 3,
    congress: 3,
    senate: 3,
    policy: 1.5,
    war: 2.5,
    military: 2,
    court: 2,
    lawsuit: 2.5,
    police: 2.5,
    reported: 2,
    reporter: 3,
    journalist: 3,
    "press conference": 3,
    crisis: 2,
    protest: 3,
    vote: 2.5,
    voter: 3,
    politics: 3,
    political: 3,
    sanction: 3,
    tariff: 2.5,
    ukraine: 3,
    russia: 2.5,
    gaza: 3,
    israel: 2.5,
    headline: 3,
    investigation: 2,
    killed: 2.5,
    earthquake: 3,
    hurricane: 3,
    "united nations": 3,
    nato: 3,
    democrat: 3,
    republican: 3,
    legislation: 3,
    bill: 1,
    regulation: 2,
    regulator: 2.5,
    officials: 2,
    "white house": 3,
    council: 2.5,
    mayor: 3,
    resident: 2,
    flood: 2.5,
    emergency: 1.5,
    closure: 1.5,
    authorities: 2.5,
    spokesperson: 3,
    announced: 1.5,
    "special session": 2.5,
    evacuation: 3,
    "reports from": 2.5,
    correspondent: 3,
    anchor: 1.5,
    weather: 1.5,
  },
};

const FIELD_WEIGHTS = { title: 4, channel: 2, chapters: 2.5, description: 1.5, transcript: 1 } as const;

/** Below this total no category is considered evidenced, and the fallback is used. */
const MIN_EVIDENCE = 3;

export const FALLBACK_CATEGORY: CreateCategory = "Education";

function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).map(stem);
}

/** Counts of every 1-, 2- and 3-word sequence in the text (enough for every lexicon phrase). */
function ngramCounts(text: string): Map<string, number> {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  for (let i = 0; i < tokens.length; i++) {
    let gram = "";
    for (let n = 0; n < 3 && i + n < tokens.length; n++) {
      gram = n === 0 ? tokens[i] : `${gram} ${tokens[i + n]}`;
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
  }
  return counts;
}

const STEMMED_LEXICON: [CreateCategory, [string, number][]][] = CREATE_CATEGORIES.map((category) => [
  category,
  Object.entries(LEXICON[category]).map(([term, weight]) => [tokenize(term).join(" "), weight]),
]);

function fieldScores(text: string): Record<CreateCategory, number> {
  const counts = ngramCounts(text);
  const scores = {} as Record<CreateCategory, number>;
  for (const [category, terms] of STEMMED_LEXICON) {
    let score = 0;
    for (const [term, weight] of terms) {
      const count = counts.get(term);
      if (count) score += weight * Math.log2(1 + count);
    }
    scores[category] = score;
  }
  return scores;
}

/** Each create category's evidence score (for tests and debugging). */
export function categoryScores(video: VideoData, transcriptText?: string): Record<CreateCategory, number> {
  const transcript = transcriptText ?? video.transcript?.segments.map((s) => s.text).join(" ") ?? "";
  const fields: [keyof typeof FIELD_WEIGHTS, string][] = [
    ["title", video.title],
    ["channel", video.channel.name],
    ["chapters", video.chapters.map((c) => c.title).join(" . ")],
    ["description", video.description],
    ["transcript", transcript],
  ];
  const total = Object.fromEntries(CREATE_CATEGORIES.map((c) => [c, 0])) as Record<CreateCategory, number>;
  for (const [field, text] of fields) {
    if (!text) continue;
    const scores = fieldScores(text);
    for (const category of CREATE_CATEGORIES) total[category] += FIELD_WEIGHTS[field] * scores[category];
  }
  return total;
}

/** The create category a video most likely belongs to (see the approach above). */
export function inferCategory(video: VideoData, transcriptText?: string): CreateCategory {
  const scores = categoryScores(video, transcriptText);
  let best: CreateCategory = FALLBACK_CATEGORY;
  let bestScore = 0;
  for (const category of CREATE_CATEGORIES) {
    if (scores[category] > bestScore) {
      best = category;
      bestScore = scores[category];
    }
  }
  return bestScore >= MIN_EVIDENCE ? best : FALLBACK_CATEGORY;
}
