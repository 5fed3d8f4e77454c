// The extractive writer's composers: blog and custom articles (prose.ts), news articles (nyt.ts),
// over the sentences select.ts chooses and render.ts puts on the page.

export type { Composition } from "./composition";

export { composeNyt } from "./nyt";
export { BLOG_OPTIONS, composeProse, type ProseOptions } from "./prose";
export { newsValue } from "./select";
export {
  dependsOnPrevious,
  introducedBy,
  isCleanStatement,
  isFirstPersonSingular,
  isNounPhrase,
  isPersonal,
  isTeaser,
  repairStory,
  trimLead,
} from "./story";
