import type { CreateArticleRequest } from "./articles";
import type { FormProblem } from "./auth-forms";
import { CREATE_DEFAULTS } from "./options";

/*
 * The Create New Article form's own contract, shared by the dialog
 * (web/features/create-article) and the server that answers it when it is posted without
 * JavaScript (server/pages/create-article-post.ts).
 */

/** The dialog opens on the home page whose address carries this parameter (/?create=1). */
export const CREATE_ARTICLE_PARAM = "create";
export const CREATE_ARTICLE_URL = `/?${CREATE_ARTICLE_PARAM}=1`;

/** What the form holds, as posted: every field a string, the reference articles one per box. */
export interface CreateArticleValues {
  youtubeUrl: string;
  /** A recording uploaded from the browser (contract/recordings.ts), used instead of the link. */
  recordingId: string;
  style: string;
  length: string;
  tone: string;
  includeComments: boolean;
  category: string;
  language: string;
  referenceArticles: string[];
  transcript: string;
}

export const CREATE_VALUES_DEFAULTS: CreateArticleValues = {
  ...CREATE_DEFAULTS,
  youtubeUrl: "",
  recordingId: "",
  referenceArticles: [""],
  transcript: "",
};

/**
 * The server's answer when the dialog is opened or posted without JavaScript: what was typed
 * and what went wrong (after a failed post), and the request key the next post carries, so a
 * post sent twice (a double click, a reload) starts one article, not two.
 */
export interface CreateArticleAnswer {
  key: string;
  values?: CreateArticleValues;
  error?: FormProblem;
}

export const CREATE_ARTICLE_FAILED = "Error creating article";

/**
 * The request a filled form becomes: reference articles only for the custom style and
 * without the empty boxes; the rest as typed, for the contract's schema to check.
 */
export function createRequestOf(values: CreateArticleValues): Record<keyof CreateArticleRequest, unknown> {
  const references = values.referenceArticles.filter((text) => text.trim());
  return {
    ...values,
    referenceArticles: values.style === "custom" ? references : undefined,
  };
}

/**
 * The Edit Article dialog (and the admin's inline edit form) opened by its address, for a
 * browser without JavaScript: /my-articles?edit=12, /admin?edit=12.
 */
export const EDIT_ARTICLE_PARAM = "edit";
export const editArticleUrl = (page: "/my-articles" | "/admin", id: number) => `${page}?${EDIT_ARTICLE_PARAM}=${id}`;

/** An edit form as posted: tags from the kept chips plus the text typed in the tag box. */
export interface EditArticleValues {
  title: string;
  content: string;
  excerpt: string;
  category: string;
  style: string;
  tags: string[];
}

/** The server's answer to an edit posted without JavaScript that it could not save. */
export interface EditArticleAnswer {
  articleId: number;
  values: EditArticleValues;
  error: FormProblem;
}

export const EDIT_ARTICLE_FAILED = "Failed to update article. Please try again.";
