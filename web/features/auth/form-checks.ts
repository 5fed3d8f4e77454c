// Shared by the browser and the server, so this module stays pure: no DOM, no React, and
// contract imports by relative path.
import { loginRequest, registerAccountStep } from "../../../contract/auth";
import { PASSWORD_MIN_LENGTH } from "../../../contract/options";

/**
 * What is wrong with a sign-in or a sign-up's first step, as the toast of spec section 7 words
 * it. One place for both answers: the page's own check once it has hydrated, and the server's
 * when the form was posted without JavaScript (server/pages/form-posts.ts).
 */
export interface FormProblem {
  title: string;
  description: string;
}

export const LOGIN_FAILED = "Login failed";
export const REGISTRATION_FAILED = "Registration failed";

const firstIssue = (issues: ReadonlyArray<{ message: string }>) => issues[0]?.message ?? "Please check the form.";

export function loginProblem(input: { email: string; password: string }): FormProblem | null {
  if (!input.email.trim() || !input.password) {
    return { title: "Missing fields", description: "Please fill in all fields." };
  }
  const parsed = loginRequest.safeParse(input);
  return parsed.success ? null : { title: LOGIN_FAILED, description: firstIssue(parsed.error.issues) };
}

export function accountProblem(input: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}): FormProblem | null {
  if (!input.firstName.trim() || !input.lastName.trim() || !input.email.trim() || !input.password) {
    return { title: "Missing information", description: "Please fill in all required fields." };
  }
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    return { title: "Password too short", description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` };
  }
  const parsed = registerAccountStep.safeParse(input);
  return parsed.success ? null : { title: REGISTRATION_FAILED, description: firstIssue(parsed.error.issues) };
}
