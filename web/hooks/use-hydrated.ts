import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and while the page hydrates, true once its scripts run: what only
 * works with scripts (a disabled-until-valid button, a file read in the browser) waits for it,
 * so the page before then is the one that works without them.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
