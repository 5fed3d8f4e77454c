import type { FormProblem } from "./auth-forms";

/*
 * The action buttons' forms (bookmark, rating, delete, subscribe, sign out), shared by the pages
 * that render them and the server that answers them when they are posted without JavaScript
 * (server/pages/action-posts.ts). Each form posts to its page's own path with an `intent`.
 */

/** Where Sign Out posts natively (the header's no-script form). */
export const SIGN_OUT_PATH = "/logout";

export const ACTION_INTENTS = {
  bookmark: "bookmark",
  unbookmark: "unbookmark",
  rate: "rate",
  delete: "delete",
  edit: "edit",
  subscribe: "subscribe",
  cancelSubscription: "cancel-subscription",
  follow: "follow",
  unfollow: "unfollow",
} as const;

/** Sent by a delete's confirmation form: without it, a delete posted without JavaScript asks first. */
export const CONFIRM_FIELD = "confirmed";

/** The confirmations of spec section 5, asked by the page's dialog or, without JavaScript, by the server. */
export const ownDeleteQuestion = (title: string) =>
  `Are you sure you want to delete "${title}"? This action cannot be undone.`;
export const ADMIN_DELETE_QUESTION = "Are you sure you want to delete this article? This action cannot be undone.";

/**
 * The server's answer to an action posted without JavaScript, when it is not a redirect: the
 * page again with what went wrong, or with a delete's confirmation question. Read once, when
 * the page mounts.
 */
export interface ActionAnswer {
  error?: FormProblem;
  /**
   * An action waiting to be confirmed: the question, where the confirmation posts, and what it
   * posts (a delete's article, by default; another intent names its own button).
   */
  confirm?: {
    question: string;
    action: string;
    articleId?: number;
    intent?: string;
    confirmLabel?: string;
    /** The link that backs out ("Cancel" unless cancelling is the action). */
    dismissLabel?: string;
  };
}

export const ACTION_ANSWER_KEY = ["form-answer", "action"] as const;
