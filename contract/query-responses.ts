// What the answer under each query key looks like: every GET the web reads through a query key
// (contract/query-keys.ts, contract/feed-query.ts, articleQueryKey in contract/pages.ts) with
// the response schema its server route declares. The web's default query function parses
// every answer with it, so an answer that breaks the contract fails where it arrives.
//
// Kept apart from the keys: the keys are imported by the web's entry, and these schemas bring
// zod with them, which the web loads only with the first query that fetches.
import { z } from "zod";
import { mailboxResponse, mailMessage } from "./account";
import { adminDashboard, adminUserList } from "./admin";
import { ADMIN_DASHBOARD_KEY, isAdminArticlesQueryKey, isAdminUsersQueryKey } from "./admin-query";
import { isRelatedQueryKey } from "./article-reading";
import { articleResponse } from "./articles";
import { limitsResponse, userResponse } from "./auth";
import { authorResponse, isAuthorQueryKey } from "./authors";
import { isCommentReportsQueryKey, isCommentsQueryKey } from "./comment-keys";
import { commentReportsPage, commentsPage } from "./comments";
import { articleSummary, bookmarkCheck, feedPage, statsResponse } from "./feed";
import { FEATURED_QUERY_KEY, isFeedQueryKey, STATS_QUERY_KEY } from "./feed-query";
import { USER_FOLLOWS_KEY, userFollowsResponse } from "./follows";
import { isPaymentQueryKey, paymentListResponse, paymentResponse, subscriptionResponse } from "./payments";
import {
  ADMIN_ARTICLES_KEY,
  AUTH_USER_KEY,
  BOOKMARKS_QUERY_KEY,
  isArticleQueryKey,
  isBookmarkCheckQueryKey,
  isMailMessageQueryKey,
  isVideoWordsQueryKey,
  LIMITS_KEY,
  MAILBOX_KEY,
  MY_ARTICLES_KEY,
  PAYMENTS_KEY,
  RECORDING_LIMITS_KEY,
  SUBSCRIPTION_KEY,
} from "./query-keys";
import { recordingLimitsResponse } from "./recordings";
import { relatedResponse } from "./related";
import { videoWordsResponse } from "./video-words";

/** A list of cards (the feed, the saved articles). */
export const articleSummaryList = z.array(articleSummary);
/** A list of whole articles, markdown included (the user's own, the admin's). */
export const articleList = z.array(articleResponse);

type KeyTest = (queryKey: readonly unknown[]) => boolean;
const sameAs =
  (key: readonly [string]): KeyTest =>
  (queryKey) =>
    queryKey.length === 1 && queryKey[0] === key[0];

/** Each GET query key (by its test) and the schema of its 200 answer. */
export const QUERY_RESPONSES: ReadonlyArray<{ name: string; matches: KeyTest; schema: z.ZodType }> = [
  { name: "GET /api/auth/user", matches: sameAs(AUTH_USER_KEY), schema: userResponse },
  { name: "GET /api/user/limits", matches: sameAs(LIMITS_KEY), schema: limitsResponse },
  { name: "GET /api/user/articles", matches: sameAs(MY_ARTICLES_KEY), schema: articleList },
  { name: "GET /api/admin/articles", matches: sameAs(ADMIN_ARTICLES_KEY), schema: articleList },
  { name: "GET /api/admin/articles?{search,page}", matches: isAdminArticlesQueryKey, schema: articleList },
  { name: "GET /api/admin/users?{search,page}", matches: isAdminUsersQueryKey, schema: adminUserList },
  { name: "GET /api/admin/dashboard", matches: sameAs(ADMIN_DASHBOARD_KEY), schema: adminDashboard },
  { name: "GET /api/user/subscription", matches: sameAs(SUBSCRIPTION_KEY), schema: subscriptionResponse },
  { name: "GET /api/user/payments", matches: sameAs(PAYMENTS_KEY), schema: paymentListResponse },
  { name: "GET /api/user/payments/{reference}", matches: isPaymentQueryKey, schema: paymentResponse.nullable() },
  { name: "GET /api/bookmarks", matches: sameAs(BOOKMARKS_QUERY_KEY), schema: articleSummaryList },
  { name: "GET /api/bookmarks/check/{id}", matches: isBookmarkCheckQueryKey, schema: bookmarkCheck },
  // The feed's own query function reads the array and its X-Has-More header into one FeedPage.
  { name: "GET /api/articles?{filters}", matches: isFeedQueryKey, schema: feedPage },
  { name: "GET /api/articles/featured", matches: sameAs(FEATURED_QUERY_KEY), schema: articleSummary.nullable() },
  { name: "GET /api/stats", matches: sameAs(STATS_QUERY_KEY), schema: statsResponse },
  { name: "GET /api/videos/{videoId}/words", matches: isVideoWordsQueryKey, schema: videoWordsResponse },
  { name: "GET /api/recordings/limits", matches: sameAs(RECORDING_LIMITS_KEY), schema: recordingLimitsResponse },
  { name: "GET /api/articles/{id} and /api/articles/slug/{slug}", matches: isArticleQueryKey, schema: articleResponse },
  { name: "GET /api/articles/{id}/related", matches: isRelatedQueryKey, schema: relatedResponse },
  { name: "GET /api/articles/{id}/comments?page=", matches: isCommentsQueryKey, schema: commentsPage },
  { name: "GET /api/user/follows", matches: sameAs(USER_FOLLOWS_KEY), schema: userFollowsResponse },
  { name: "GET /api/admin/comment-reports?page=", matches: isCommentReportsQueryKey, schema: commentReportsPage },
  { name: "GET /api/authors/{handle}", matches: isAuthorQueryKey, schema: authorResponse.nullable() },
  { name: "GET /api/admin/mailbox", matches: sameAs(MAILBOX_KEY), schema: mailboxResponse },
  { name: "GET /api/admin/mailbox/{id}", matches: isMailMessageQueryKey, schema: mailMessage },
];

/** The response schema of a query key's GET; undefined for a key that is not an API GET. */
export function responseSchemaFor(queryKey: readonly unknown[]): z.ZodType | undefined {
  return QUERY_RESPONSES.find(({ matches }) => matches(queryKey))?.schema;
}

const MAX_ISSUES = 3;

/**
 * Checks an answer against its key's schema: the parsed data (unknown keys dropped, as the
 * server's own serializer drops them), or a sentence saying where the answer breaks the contract.
 */
export function parseQueryResponse(
  queryKey: readonly unknown[],
  body: unknown,
): { ok: true; data: unknown } | { ok: false; message: string } {
  const url = String(queryKey[0]);
  const schema = responseSchemaFor(queryKey);
  if (!schema) return { ok: false, message: `No response schema for the query key ${JSON.stringify(queryKey)}` };
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues;
  const told = issues
    .slice(0, MAX_ISSUES)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(the answer)"}: ${issue.message}`);
  if (issues.length > MAX_ISSUES) told.push(`${issues.length - MAX_ISSUES} more`);
  return { ok: false, message: `GET ${url} answered outside the contract: ${told.join("; ")}` };
}
