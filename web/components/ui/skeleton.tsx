import type * as React from "react";
import { cn } from "@/lib/utils";

/** A pulsing placeholder block in the shape of content that is still loading. */
export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-foreground/[0.07]", className)} {...props} />
  );
}
