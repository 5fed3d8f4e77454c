import type { HTMLAttributes, MouseEvent } from "react";
import { cn } from "@/lib/utils";

/** The id of every page's main landmark: the skip link's target. */
export const MAIN_ID = "main";

/**
 * A page's main content. It takes focus from the skip link (tabIndex -1: focusable by script and
 * by the link's fragment, never a Tab stop), without a ring: it is a region, not a control.
 */
export function Main({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <main id={MAIN_ID} tabIndex={-1} className={cn("outline-none", className)} {...props} />;
}

/**
 * Moves focus to the main landmark, as the fragment would, but without "#main" in the address
 * (wouter's pages read the path, and Back should not stop at the same page). A page whose main
 * has no id yet still gets focus moved to its first main.
 */
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID) ?? document.querySelector("main");
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute("tabindex")) main.tabIndex = -1;
  main.focus();
  main.scrollIntoView({ block: "start" });
}

/**
 * WCAG 2.4.1 (bypass blocks): the first Tab stop of every page, hidden until focused, leads past
 * the header to the page's main content. A plain fragment link, so it works without scripts.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={focusMain}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[100] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-ring"
    >
      Skip to content
    </a>
  );
}
