/** Option lists and constants from the product spec (sections 3 and 9). */

export const PRODUCT_NAME = "VidScribe";

export const REGISTRATION_CATEGORIES = [
  "Technology",
  "Business",
  "Entertainment",
  "Education",
  "News",
  "Science",
  "Health",
  "Sports",
  "Travel",
  "Food",
  "Gaming",
  "Music",
] as const;

export const TOPICS = [
  "AI & Machine Learning",
  "Web Development",
  "Mobile Apps",
  "Startups",
  "Productivity",
  "Marketing",
  "Design",
  "Finance",
  "Fitness",
  "Cooking",
  "Photography",
  "Politics",
  "Environment",
  "History",
  "Psychology",
] as const;

export const CREATE_CATEGORIES = ["Technology", "Business", "Entertainment", "Education", "News"] as const;

export const EDIT_CATEGORIES = [
  "Technology",
  "Business",
  "Entertainment",
  "Sports",
  "Politics",
  "Education",
  "Health",
  "Science",
  "Lifestyle",
  "Other",
] as const;

export const STYLES = [
  { value: "blog", label: "Blog Style" },
  { value: "nyt", label: "NYT Style" },
  { value: "custom", label: "Custom Style" },
] as const;

export const GUEST_ARTICLE_LIMIT = 3;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
