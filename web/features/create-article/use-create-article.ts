import type { Article, CreateArticleRequest, GenerationStatus } from "@contract/articles";
import { STAGE_PROGRESS } from "@contract/options";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { invalidateFeed } from "@/features/feed/cache";
import { AUTH_USER_KEY, LIMITS_KEY } from "@/hooks/use-auth";
import { errorFromResponse } from "@/lib/api";

export interface Progress {
  label: string;
  percent: number;
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
        setProgress({ label: status.label, percent: status.percent });
        if (status.status === "succeeded" || status.status === "failed") events.close();
      };
      try {
        const response = await fetch("/api/articles", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json", "Idempotency-Key": key },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw await errorFromResponse(response);
        return (await response.json()) as Article;
      } finally {
        events.close();
      }
    },
    onSettled: () => {
      setProgress(null);
      // A new article changes the feeds (featured and stats too), the user's list, the
      // allowance and the user's count.
      void invalidateFeed(queryClient);
      for (const queryKey of [["/api/user/articles"], LIMITS_KEY, AUTH_USER_KEY]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
  return { ...mutation, progress };
}
