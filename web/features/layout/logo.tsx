import { PRODUCT_NAME } from "@contract/options";
import { Link } from "wouter";

export function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 font-bold text-lg tracking-tight text-foreground">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
