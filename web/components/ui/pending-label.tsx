import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";

/** A submit button's words: while its request runs, a spinner and what is under way instead. */
export function PendingLabel({ pending, busy, children }: { pending: boolean; busy: string; children: ReactNode }) {
  return pending ? (
    <>
      <Loader2 className="animate-spin" />
      {` ${busy}`}
    </>
  ) : (
    children
  );
}
