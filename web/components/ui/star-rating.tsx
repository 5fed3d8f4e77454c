import { Star } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";

const SIZES = { sm: "h-3.5 w-3.5", md: "h-4 w-4", lg: "h-5 w-5" } as const;
type StarSize = keyof typeof SIZES;

/** The read-only row's classes (.star-row in styles.css) and its star and gap in rem, per size. */
const ROW_SIZES: Record<StarSize, string> = { sm: "", md: "star-row-md", lg: "star-row-lg" };
const STAR_REM: Record<StarSize, number> = { sm: 0.875, md: 1, lg: 1.25 };
const GAP_REM = 0.125;

/**
 * How much of the row is gold, as a share of its width: whole stars and the gaps after them,
 * then the part of the next star (4.5 fills four stars, four gaps and half the fifth).
 */
export function starFillPercent(rating: number, max: number, size: StarSize): number {
  const star = STAR_REM[size];
  const whole = Math.floor(rating);
  const filled = whole * (star + GAP_REM) + (rating - whole) * star;
  const width = max * star + (max - 1) * GAP_REM;
  return Math.round(Math.min(filled / width, 1) * 10_000) / 100;
}

/**
 * Read-only stars filled to the rating, fractions included (4.5 shows four and a half). One
 * element drawn by CSS (a star mask over a two-colour gradient, .star-row in styles.css), not
 * two icons per star: a page of related articles showed 34 star SVGs, over a third of its
 * markup and of the server's time to render it.
 */
export function StarRating({
  value,
  max = 5,
  size = "sm",
  className,
}: {
  value: number;
  max?: number;
  size?: StarSize;
  className?: string;
}) {
  const rating = Number.isFinite(value) ? Math.min(Math.max(value, 0), max) : 0;
  return (
    <span
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of ${max}`}
      className={cn("star-row", ROW_SIZES[size], className)}
      style={{ "--star-count": max, "--star-fill": `${starFillPercent(rating, max, size)}%` } as React.CSSProperties}
    />
  );
}

/**
 * Stars to pick a whole rating from 1 to max, as a radio group (arrow keys move, Enter or Space
 * picks). With `allowClear`, picking the current rating again clears it to 0.
 */
export function StarRatingInput({
  value,
  onChange,
  max = 5,
  size = "lg",
  allowClear = false,
  disabled = false,
  label,
  className,
}: {
  value: number;
  onChange: (value: number) => void;
  max?: number;
  size?: StarSize;
  allowClear?: boolean;
  disabled?: boolean;
  label: string;
  className?: string;
}) {
  const [hovered, setHovered] = React.useState(0);
  const buttons = React.useRef<Array<HTMLButtonElement | null>>([]);
  const shown = hovered || value;
  // Roving focus: the chosen star (or the first) is the group's one tab stop.
  const tabStop = value >= 1 && value <= max ? value : 1;

  const pick = (n: number) => {
    const clearing = allowClear && n === value;
    // Drop the hover preview on clearing, or the cleared stars would still look chosen.
    if (clearing) setHovered(0);
    onChange(clearing ? 0 : n);
  };
  const onKeyDown = (event: React.KeyboardEvent, n: number) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = Math.min(Math.max(n + step, 1), max);
    buttons.current[next - 1]?.focus();
    onChange(next);
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={cn("inline-flex items-center gap-0.5", className)}
      onMouseLeave={() => setHovered(0)}
    >
      {Array.from({ length: max }, (_, i) => {
        const n = i + 1;
        return (
          <button
            key={n}
            ref={(node) => {
              buttons.current[i] = node;
            }}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={`${n} ${n === 1 ? "star" : "stars"}`}
            tabIndex={n === tabStop ? 0 : -1}
            disabled={disabled}
            onClick={() => pick(n)}
            onKeyDown={(event) => onKeyDown(event, n)}
            onMouseEnter={() => setHovered(n)}
            className="rounded-sm p-0.5 transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50"
          >
            <Star
              className={cn(SIZES[size], n <= shown ? "text-amber-400" : "text-muted-foreground/35")}
              fill="currentColor"
              strokeWidth={0}
            />
          </button>
        );
      })}
    </div>
  );
}
