import { Star } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";

const SIZES = { sm: "h-3.5 w-3.5", md: "h-4 w-4", lg: "h-5 w-5" } as const;
type StarSize = keyof typeof SIZES;

/** Read-only stars filled to the rating, fractions included (4.5 shows four and a half). */
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
      className={cn("inline-flex items-center gap-0.5", className)}
    >
      {Array.from({ length: max }, (_, i) => {
        const fill = Math.min(Math.max(rating - i, 0), 1);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          <span key={i} className={cn("relative inline-block shrink-0", SIZES[size])}>
            <Star
              className={cn("absolute inset-0 text-muted-foreground/30", SIZES[size])}
              fill="currentColor"
              strokeWidth={0}
            />
            {fill > 0 && (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn("text-amber-400", SIZES[size])} fill="currentColor" strokeWidth={0} />
              </span>
            )}
          </span>
        );
      })}
    </span>
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
