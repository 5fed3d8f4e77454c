import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * An on/off switch that is a real checkbox underneath (role="switch"): it flips, and its form
 * posts it, before the page's scripts run or without them. The track and thumb are drawn with
 * CSS from the checkbox's own :checked state, so no script keeps them in step.
 */
export const Switch = React.forwardRef<HTMLInputElement, Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">>(
  ({ className, ...props }, ref) => (
    <span className={cn("relative inline-flex h-6 w-11 shrink-0", className)}>
      <input
        ref={ref}
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox's own checked state is what a switch role announces (HTML-ARIA); an aria-checked copy would go stale without scripts.
        role="switch"
        className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden
        className="pointer-events-none inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent bg-input shadow-sm transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:opacity-50 peer-checked:[&>span]:translate-x-5"
      >
        <span className="block h-5 w-5 rounded-full bg-background shadow-lg transition-transform" />
      </span>
    </span>
  ),
);
Switch.displayName = "Switch";
