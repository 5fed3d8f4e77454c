import { createContext, useContext } from "react";

/**
 * Where the feed's filters, search and pager lead: "/" on the signed-in home, BROWSE_PATH on the
 * public browse page (issue 19). The same feed components serve both.
 */
export const FeedBaseContext = createContext("/");

export function useFeedBase(): string {
  return useContext(FeedBaseContext);
}
