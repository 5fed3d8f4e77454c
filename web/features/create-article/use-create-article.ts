import {
  type Article,
  type ArticleLength,
  type ArticleStyle,
  type ArticleTone,
  type CreateArticleInput,
  type CreateArticleRequest,
  createArticleRequest,
  type GenerationStatus,
} from "@contract/articles";
import { CREATE_DEFAULTS, STAGE_PROGRESS } from "@contract/options";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldError, Resolver, ResolverOptions, ResolverResult } from "react-hook-form";
import { apiRequest } from "@/lib/api";
import { afterArticleCreated } from "@/lib/invalidate";

/** What the form holds: the schema's fields, with the reference articles as rows (RHF's field arrays hold objects). */
export interface CreateArticleForm {
  youtubeUrl: string;
  /** Set once your own recording has uploaded (recording-field.tsx); the link may then be empty. */
  recordingId: string;
  style: ArticleStyle;
  length: ArticleLength;
  tone: ArticleTone;
  includeComments: boolean;
  category: string;
  /** A language code, or SAME_AS_VIDEO. */
  language: NonNullable<CreateArticleRequest["language"]>;
  referenceArticles: Array<{ text: string }>;
  transcript: string;
}

export const CREATE_FORM_DEFAULTS: CreateArticleForm = {
  ...CREATE_DEFAULTS,
  youtubeUrl: "",
  recordingId: "",
  referenceArticles: [{ text: "" }],
  transcript: "",
};

// The contract's sentence for a link it cannot use; the server answers a link without a video id with it too.
export const BAD_URL = "Please enter a valid YouTube URL";

const isUrl = (value: string) => {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

// The contract takes any non-blank link and the server looks for the video in it; the dialog
// also wants an http(s) URL before it lets the request go (spec section 5). An empty link is the
// contract's to judge: fine with an uploaded recording, BAD_URL without one.
const createArticleForm = createArticleRequest.safeExtend({
  youtubeUrl: createArticleRequest.shape.youtubeUrl.refine((value) => !value || isUrl(value), { error: BAD_URL }),
});
const contractResolver = zodResolver(createArticleForm);

type ReferenceErrors = Array<{ text: FieldError } | undefined> & { root?: FieldError };

/**
 * Checks the form as the request it becomes: reference articles only for the custom style, and
 * without the empty boxes. The schema's errors about one article are moved back to its box.
 */
export const createArticleResolver: Resolver<CreateArticleForm, unknown, CreateArticleInput> = async (
  values,
  context,
  options,
) => {
  const kept =
    values.style === "custom"
      ? values.referenceArticles.flatMap((reference, index) => (reference.text.trim() ? [index] : []))
      : [];
  const body: CreateArticleRequest = {
    ...values,
    referenceArticles:
      values.style === "custom" ? kept.map((index) => values.referenceArticles[index].text) : undefined,
  };
  const result = await contractResolver(body, context, options as unknown as ResolverOptions<CreateArticleRequest>);
  const found = result.errors.referenceArticles as (FieldError & Record<string, FieldError>) | undefined;
  if (!found) return result as ResolverResult<CreateArticleForm, CreateArticleInput>;
  const referenceErrors: ReferenceErrors = [];
  const root = found.root ?? (found.type ? { type: found.type, message: found.message, ref: found.ref } : undefined);
  if (root) referenceErrors.root = root;
  for (const [key, error] of Object.entries(found)) {
    if (/^\d+$/.test(key)) referenceErrors[kept[Number(key)]] = { text: error as FieldError };
  }
  return {
    values: {},
    errors: { ...result.errors, referenceArticles: referenceErrors },
  } as unknown as ResolverResult<CreateArticleForm, CreateArticleInput>;
};

export interface Progress {
  label: string;
  percent: number;
  /** While the job waits for a worker, its place in line (1 = next). */
  queuePosition?: number | null;
}

/** "1st", "2nd", "3rd", "4th", "11th", "22nd"...: a place in line as people say it. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** What the dialog says of a queued job's place: "Waiting in line: next", "Waiting in line: 3rd". */
export function placeInLineText(position: number): string {
  return `Waiting in line: ${position === 1 ? "next" : ordinal(position)}`;
}

/** 128 random bits as hex; works on plain-http hosts where crypto.randomUUID is missing. */
function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Creates an article: the request carries an Idempotency-Key, and the job's real progress
 * streams from /api/generations/{key}/events while the request waits for the article.
 */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Progress | null>(null);

  const mutation = useMutation({
    mutationFn: async (body: CreateArticleRequest): Promise<Article> => {
      const key = randomKey();
      setProgress(STAGE_PROGRESS.queued);
      const events = new EventSource(`/api/generations/${key}/events`);
      events.onmessage = (message) => {
        const status = JSON.parse(message.data) as GenerationStatus;
        setProgress({ label: status.label, percent: status.percent, queuePosition: status.queuePosition });
        if (status.status === "succeeded" || status.status === "failed") events.close();
      };
      try {
        const response = await apiRequest("POST", "/api/articles", body, { headers: { "Idempotency-Key": key } });
        return (await response.json()) as Article;
      } finally {
        events.close();
      }
    },
    onSettled: () => {
      setProgress(null);
      // A new article changes the feeds (featured and stats too), the user's list, the
      // allowance and the user's count.
      void afterArticleCreated(queryClient);
    },
  });
  return { ...mutation, progress };
}
