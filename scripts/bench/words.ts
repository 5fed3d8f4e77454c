/**
 * Word lists the seed builds articles from, in SQL. Plain, realistic English so full-text
 * search, stemming and trigram matching behave as they would on real articles; nothing here
 * is read by the app.
 */

// biome-ignore format: a compact word list
export const FIRST_NAMES = [
  "Amara", "Ben", "Chloe", "Daniel", "Elena", "Felix", "Grace", "Hiro", "Isla", "Jamal",
  "Keira", "Liam", "Maya", "Noah", "Olivia", "Pedro", "Quinn", "Rosa", "Samuel", "Tara",
  "Umar", "Vera", "Wes", "Ximena", "Yusuf", "Zoe", "Aisha", "Bruno", "Carmen", "Dmitri",
  "Esther", "Farid", "Greta", "Hassan", "Ingrid", "Jonas", "Kemi", "Lucas", "Mei", "Nadia",
  "Oscar", "Priya", "Rafael", "Sofia", "Tomas", "Uma", "Victor", "Wanjiru", "Yara", "Zain",
];

// biome-ignore format: a compact word list
export const LAST_NAMES = [
  "Okafor", "Smith", "Nakamura", "Garcia", "Müller", "Rossi", "Kowalski", "Dubois", "Haddad", "Johnson",
  "Mensah", "Silva", "Chen", "Patel", "Andersson", "Novak", "O'Brien", "Ivanova", "Kim", "Hernandez",
  "Adeyemi", "Larsen", "Moreau", "Fischer", "Tanaka", "Lopez", "Nguyen", "Kaur", "Costa", "Walsh",
  "Eze", "Bianchi", "Yilmaz", "Santos", "Berg", "Kruger", "Murphy", "Sato", "Ali", "Jensen",
  "Reyes", "Schmidt", "Owusu", "Park", "Romero", "Lindqvist", "Bakker", "Mwangi", "Petrov", "Cohen",
];

/** Categories an article may carry (contract/articles.ts ARTICLE_CATEGORIES), most common first. */
// biome-ignore format: a compact word list
export const CATEGORIES = [
  "Technology", "Technology", "Technology", "Business", "Business", "Education", "Entertainment",
  "News", "Science", "Health", "Sports", "Politics", "Lifestyle", "Other",
];

/** blog is the create dialog's default, so it is the most common. */
// biome-ignore format: a compact word list
export const STYLES = ["blog", "blog", "blog", "blog", "blog", "nyt", "nyt", "nyt", "custom", "custom"];
// biome-ignore format: a compact word list
export const LENGTHS = ["short", "short", "medium", "medium", "medium", "long"];
// biome-ignore format: a compact word list
export const TONES = ["informative", "informative", "informative", "casual", "formal", "persuasive"];

// biome-ignore format: a compact word list
export const TITLE_LEADS = [
  "How", "Why", "What We Get Wrong About", "Inside", "The Future of", "A Beginner's Guide to",
  "Lessons from", "Rethinking", "The Hidden Cost of", "Understanding", "Ten Ideas About", "Behind",
  "The Case for", "Getting Started with", "The Surprising Science of", "A Practical Look at",
];

/**
 * What articles are about: a title subject and the words only articles on it use (topic words
 * are what searches look for, so each matches a realistic few percent of articles).
 */
// biome-ignore format: a compact word list
export const TOPICS: Array<[subject: string, words: string]> = [
  ["Remote Work", "remote async timezone coworking commute"],
  ["Startup Pricing", "pricing subscription freemium churn discount"],
  ["Electric Vehicles", "charger drivetrain battery range tesla"],
  ["Machine Learning", "neural gradient dataset training inference"],
  ["Climate Policy", "emissions carbon treaty warming tariff"],
  ["Sleep Science", "insomnia circadian melatonin nap dreams"],
  ["Home Cooking", "recipe skillet braise seasoning pantry"],
  ["Indie Games", "pixel roguelike steam publisher gameplay"],
  ["Jazz Improvisation", "saxophone chord solo swing bebop"],
  ["Marathon Training", "marathon pace mileage taper hydration"],
  ["Urban Gardening", "compost seedlings balcony tomatoes soil"],
  ["Cloud Computing", "kubernetes serverless container cluster region"],
  ["Personal Finance", "budgeting savings retirement debt paycheck"],
  ["Space Exploration", "rocket orbit astronaut lunar mars"],
  ["Quantum Computing", "qubit entanglement superposition quantum decoherence"],
  ["Public Health", "vaccine epidemic clinic outbreak screening"],
  ["Street Photography", "photography camera shutter candid lens"],
  ["Language Learning", "vocabulary grammar fluency immersion accent"],
  ["Small Business Marketing", "marketing newsletter storefront campaign customers"],
  ["Web Performance", "latency bundle caching browser rendering"],
  ["Open Source Software", "maintainer license contributor repository fork"],
  ["Mental Health", "anxiety therapy burnout mindfulness resilience"],
  ["Renewable Energy", "solar turbine grid storage hydro"],
  ["Product Design", "prototype wireframe usability persona feedback"],
  ["Data Privacy", "privacy consent tracking encryption gdpr"],
  ["Sourdough Baking", "sourdough starter flour crust fermentation"],
  ["Mobile Apps", "android iphone notification onboarding appstore"],
  ["Football Tactics", "football pressing midfield striker formation"],
  ["Ancient History", "empire pharaoh archaeology ruins dynasty"],
  ["Behavioral Psychology", "bias nudge habit incentive heuristic"],
  ["Interest Rates", "inflation mortgage bonds central yield"],
  ["Supply Chains", "logistics shipping warehouse shortage freight"],
  ["Video Editing", "timeline footage color transitions editing"],
  ["Travel on a Budget", "hostel backpack itinerary flights visa"],
  ["Coffee Roasting", "coffee espresso roast beans grinder"],
  ["Cybersecurity", "malware phishing breach firewall ransomware"],
  ["Chess Openings", "chess gambit sicilian endgame grandmaster"],
  ["Minimalist Living", "declutter minimalism possessions wardrobe simplicity"],
  ["Public Speaking", "speech audience stage nerves rehearsal"],
  ["Film Scoring", "orchestra soundtrack composer cue film"],
  ["Venture Capital", "investor valuation founder seed fundraising"],
  ["Ocean Conservation", "ocean coral reef plastic fisheries"],
  ["Typography", "typography typeface serif kerning font"],
  ["Strength Training", "squat deadlift protein muscle barbell"],
  ["Music Production", "synth mixing mastering sampler beats"],
  ["Crypto Regulation", "crypto blockchain stablecoin regulators exchange"],
  ["Online Education", "course lecture students teachers curriculum"],
  ["City Planning", "zoning transit housing sidewalks density"],
  ["Wildlife Photography", "photography wildlife telephoto safari birds"],
  ["Team Leadership", "leadership manager delegation hiring morale"],
  ["Nutrition Myths", "nutrition diet vitamins sugar calories"],
  ["Artificial Intelligence", "ai chatbot model alignment automation"],
  ["Battery Technology", "battery lithium cathode charging cells"],
  ["Election Polling", "election polling voters survey margin"],
  ["Podcasting", "podcast episode microphone interview listeners"],
  ["Housing Markets", "housing rent mortgage landlord affordability"],
  ["Game Design", "level mechanics player difficulty playtest"],
  ["Neuroscience", "brain neurons memory cortex dopamine"],
  ["Productivity Systems", "productivity calendar todo focus routine"],
  ["Customer Support", "support ticket helpdesk refund satisfaction"],
];

// biome-ignore format: a compact word list
export const TITLE_TAILS = [
  "", "", "", "in 2025", "for Small Teams", "That Actually Works", "Explained", "at Scale",
  "Without the Hype", "and What Comes Next", "for Beginners", "in Ten Minutes", "From First Principles",
  "After the Boom", "in Practice", "for Busy People",
];

// biome-ignore format: a compact word list
export const TAGS = [
  "ai", "machine learning", "startups", "pricing", "productivity", "design", "finance", "fitness",
  "cooking", "photography", "politics", "environment", "history", "psychology", "web development",
  "mobile apps", "marketing", "education", "science", "health", "sports", "travel", "music", "gaming",
  "climate", "energy", "economics", "leadership", "careers", "security", "privacy", "open source",
  "cloud", "data", "research", "interview", "tutorial", "review", "opinion", "explainer", "space",
  "physics", "biology", "nutrition", "running", "football", "film", "podcasts", "writing", "books",
  "housing", "cities", "transport", "electric cars", "batteries", "crypto", "investing", "budgeting",
  "remote work", "management", "hiring", "culture", "art", "architecture", "coffee", "baking", "chess",
  "languages", "parenting", "sleep", "mental health", "neuroscience", "robotics", "hardware", "software",
  "typescript", "databases", "performance", "accessibility", "ux",
];

// biome-ignore format: a compact word list
export const HEADINGS = [
  "Background", "The Core Idea", "What the Research Says", "A Closer Look", "Common Mistakes",
  "Why It Matters", "How to Get Started", "What Experts Recommend", "The Numbers", "Looking Ahead",
  "Key Takeaways", "A Real Example", "Weighing the Options", "What Changed", "Practical Tips", "The Bigger Picture",
];

/**
 * Words any article may use, roughly most frequent first: sentences pick early words far more
 * often than late ones, so common words are common, as in real text.
 */
// biome-ignore format: a compact word list
export const GENERAL_WORDS = [
  "the", "of", "and", "to", "a", "in", "is", "that", "for", "it", "as", "with", "was", "on", "be",
  "this", "by", "are", "from", "at", "or", "an", "but", "not", "what", "all", "were", "when", "we",
  "there", "can", "more", "if", "their", "which", "about", "how", "people", "time", "they", "most",
  "work", "new", "first", "way", "many", "often", "only", "because", "still", "much", "better", "idea",
  "really", "every", "simple", "good", "real", "small", "large", "years", "world", "question", "problem",
  "answer", "change", "result", "system", "approach", "example", "practice", "research", "evidence",
  "study", "data", "value", "growth", "strategy", "process", "model", "tool", "method", "team", "cost",
  "week", "month", "decade", "history", "future", "story", "argument", "opinion", "detail", "mistake",
  "lesson", "advice", "expert", "beginner", "community", "experience", "difference", "choice", "habit",
  "goal", "plan", "step", "progress", "number", "percent", "trend", "pattern", "signal", "risk",
  "reward", "balance", "pressure", "quality", "speed", "scale", "budget", "market", "product", "service",
  "design", "energy", "health", "money", "power", "place", "home", "city", "country", "school", "office",
  "family", "friend", "morning", "evening", "surprising", "obvious", "practical", "careful", "honest",
  "curious", "patient", "steady", "useful", "clear", "quiet", "important", "difficult", "common", "rare",
  "measure", "explain", "compare", "improve", "build", "learn", "notice", "choose", "test", "share",
  "begin", "finish", "repeat", "adjust", "avoid", "consider", "discover", "imagine", "remember", "suggest",
  "craftsmanship", "serendipity", "curiosity", "tradeoff", "nuance", "momentum", "intuition", "constraint",
];
