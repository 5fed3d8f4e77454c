// Shared by the browser and the server, so this module stays pure: no DOM, no React.

/**
 * The server's answer to a form posted without JavaScript (server/pages/form-posts.ts): the page
 * again, with what was typed, the step reached and what went wrong. It travels as one preloaded
 * query, read once when the page mounts, so leaving and coming back starts a clean form.
 */
export interface FormAnswer<Values> {
  values: Values;
  /** The same title and sentence a toast would show. */
  error?: { title: string; description: string };
}

export interface LoginValues {
  email: string;
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  preferredCategories: string[];
  preferredTopics: string[];
}

export interface RegisterAnswer extends FormAnswer<RegisterValues> {
  step: 1 | 2 | 3;
  /** The first step's password, sealed by the server: the page never holds it in clear. */
  sealedPassword?: string;
}

export type FormName = "login" | "register";

export const formAnswerKey = (form: FormName) => ["form-answer", form] as const;
