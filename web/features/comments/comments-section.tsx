import type { Article } from "@contract/articles";
import { COMMENT_ANSWER_KEY, COMMENTS_ANCHOR, type CommentFormAnswer } from "@contract/comments";
import { articlePath } from "@contract/pages";
import { useQueryClient } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useAuth } from "@/hooks/use-auth";
import { useHydrated } from "@/hooks/use-hydrated";
import { CommentForm } from "./comment-forms";
import { CommentItem } from "./comment-item";
import { useCommentsPage } from "./use-comments";

/** The server's answer to a comment form posted without JavaScript (read once, like the other forms). */
function useCommentAnswer(): CommentFormAnswer | undefined {
  const queryClient = useQueryClient();
  const [answer] = useState(() => queryClient.getQueryData<CommentFormAnswer>(COMMENT_ANSWER_KEY));
  useEffect(() => {
    queryClient.removeQueries({ queryKey: COMMENT_ANSWER_KEY, exact: true });
  }, [queryClient]);
  return answer;
}

/**
 * The article's comments (issue 19 item 4), under the article: the first page comes with the
 * page's HTML (server/pages/loaders.ts), so readers without JavaScript read them and can post,
 * reply, edit, report and delete through the forms; visitors see them and a link to sign in.
 */
export function CommentsSection({ article }: { article: Pick<Article, "id" | "slug" | "commentCount"> }) {
  const { isAuthenticated: signedIn } = useAuth();
  const answer = useCommentAnswer();
  const [pages, setPages] = useState(1);
  const first = useCommentsPage(article.id, 1);
  const total = first.data?.total ?? article.commentCount;
  const action = articlePath(article);
  // A refused post shows its sentence above the form it came from, with what was typed.
  const topProblem = answer && !answer.parentId ? answer.error : undefined;
  // This part hydrates after the page (its code comes later): scripts that drive the page wait
  // for every [data-island] to be marked hydrated too (e2e/browser.ts waitForApp).
  const hydrated = useHydrated();
  return (
    <section
      id={COMMENTS_ANCHOR}
      data-island=""
      data-hydrated={hydrated ? "" : undefined}
      aria-labelledby="comments-heading"
      className="-mx-4 scroll-mt-20 space-y-6 border-y bg-card px-5 py-7 shadow-sm sm:mx-0 sm:rounded-2xl sm:border sm:px-10 sm:py-8"
    >
      <h2 id="comments-heading" className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <MessageSquare className="h-5 w-5" aria-hidden="true" />
        Comments <span className="font-normal text-muted-foreground">({total})</span>
      </h2>
      {answer?.parentId && <FormAlert {...answer.error} />}
      {signedIn ? (
        <CommentForm
          articleId={article.id}
          action={action}
          initialBody={answer && !answer.parentId ? (answer.body ?? "") : ""}
          initialProblem={topProblem}
        />
      ) : (
        <p className="rounded-md bg-muted/60 px-4 py-3 text-sm">
          <a href="/login" className="font-medium text-primary underline underline-offset-4">
            Sign in to comment
          </a>{" "}
          and join the conversation.
        </p>
      )}
      {first.data && first.data.comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet. Start the conversation.</p>
      ) : (
        <ol className="space-y-6" aria-label="Comments">
          {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
            <CommentsPageItems key={page} articleId={article.id} page={page} action={action} signedIn={signedIn} />
          ))}
        </ol>
      )}
      <MoreComments articleId={article.id} page={pages} onMore={() => setPages((n) => n + 1)} />
    </section>
  );
}

function CommentsPageItems({
  articleId,
  page,
  action,
  signedIn,
}: {
  articleId: number;
  page: number;
  action: string;
  signedIn: boolean;
}) {
  const { data, isError, error } = useCommentsPage(articleId, page);
  if (isError) {
    return (
      <li className="text-sm text-destructive" role="alert">
        {error.message}
      </li>
    );
  }
  if (!data) return <li className="text-sm text-muted-foreground">Loading comments...</li>;
  return (
    <>
      {data.comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} articleId={articleId} action={action} signedIn={signedIn} />
      ))}
    </>
  );
}

/** Older pages of top-level comments, once the page's scripts run. */
function MoreComments({ articleId, page, onMore }: { articleId: number; page: number; onMore: () => void }) {
  const hydrated = useHydrated();
  const { data } = useCommentsPage(articleId, page);
  if (!hydrated || !data?.hasMore) return null;
  return (
    <Button type="button" variant="outline" size="sm" onClick={onMore}>
      Show more comments
    </Button>
  );
}
