import { ACTION_INTENTS } from "@contract/action-forms";
import { FOLLOWS_PATH, type FollowType, USER_FOLLOWS_KEY } from "@contract/follow-keys";
import type { UserFollowsResponse } from "@contract/follows";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api";
import { afterFollow } from "@/lib/invalidate";
import { cn } from "@/lib/utils";

/** Whether the reader's follows hold this author (by handle), tag or category (by slug). */
export function follows(list: UserFollowsResponse | undefined, type: FollowType, target: string): boolean {
  if (!list) return false;
  if (type === "author") return list.authors.some((a) => a.handle === target);
  if (type === "tag") return list.tags.some((t) => t.slug === target);
  return list.categories.some((c) => c.slug === target);
}

/**
 * Follow / Following for an author's, a tag's or a category's page (issue 19). A form posted to
 * the page's own address until scripts run (server/pages/action-posts.ts), then the API call.
 * Visitors get a link to sign in instead.
 */
export function FollowButton({
  type,
  target,
  name,
  className,
}: {
  type: FollowType;
  /** The author's handle, or the tag's or category's slug. */
  target: string;
  /** What is followed, as the page names it (for the button's accessible name and the toast). */
  name: string;
  className?: string;
}) {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const list = useQuery<UserFollowsResponse>({ queryKey: USER_FOLLOWS_KEY, enabled: isAuthenticated });
  const following = follows(list.data, type, target);
  const toggle = useMutation({
    mutationFn: async (follow: boolean) =>
      (
        await (follow
          ? apiRequest("POST", FOLLOWS_PATH, { type, target })
          : apiRequest("DELETE", `${FOLLOWS_PATH}?${new URLSearchParams({ type, target })}`))
      ).json(),
    onSuccess: (_result, follow) => {
      void afterFollow(queryClient);
      toast(
        follow
          ? { title: `Following ${name}`, description: "Their new articles appear in your Following feed." }
          : { title: `Unfollowed ${name}` },
      );
    },
    onError: (error: Error) => toast({ title: "Could not update", description: error.message, variant: "destructive" }),
  });
  if (!isAuthenticated) {
    return (
      <Button asChild variant="outline" size="sm" className={cn("h-9", className)}>
        <a href="/login">
          <Plus aria-hidden="true" />
          Sign in to follow
        </a>
      </Button>
    );
  }
  return (
    <form method="post" className="contents" onSubmit={(event) => event.preventDefault()}>
      <input type="hidden" name="intent" value={following ? ACTION_INTENTS.unfollow : ACTION_INTENTS.follow} />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="target" value={target} />
      <Button
        type="submit"
        variant={following ? "secondary" : "default"}
        size="sm"
        className={cn("h-9 min-w-28", className)}
        aria-pressed={following}
        aria-label={following ? `Unfollow ${name}` : `Follow ${name}`}
        disabled={list.isPending || toggle.isPending}
        onClick={() => toggle.mutate(!following)}
      >
        {following ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
        {following ? "Following" : "Follow"}
      </Button>
    </form>
  );
}
