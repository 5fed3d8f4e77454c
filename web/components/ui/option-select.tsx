import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, Suspense, useState } from "react";
import { lazyComponent } from "@/lib/lazy";
import { cn } from "@/lib/utils";
import type { OptionSelectProps } from "./option-select-props";
import { selectTriggerClass } from "./select-styles";

export type { OptionSelectProps } from "./option-select-props";

const OptionSelectMenu = lazyComponent(() => import("./option-select-menu").then((module) => module.OptionSelectMenu));

/** Starts loading the Radix select early (for a page that shows several and is now idle). */
export const preloadOptionSelect = OptionSelectMenu.preload;

const OPEN_KEYS = new Set(["ArrowDown", "ArrowUp"]);

/**
 * A select over a fixed list of options for pages that show it at first paint (the feed's
 * filters and sort). Until it is first used it is a static button that looks exactly like
 * Radix's closed trigger and already says the chosen option (the server's HTML too, where a
 * Radix value stays empty until hydration). Pointer or focus on it loads Radix Select; a
 * click, Enter, Space or an arrow key opens it as soon as it is here.
 */
export function OptionSelect(props: OptionSelectProps) {
  const { value, options, id, className } = props;
  const [wanted, setWanted] = useState(false);
  const label = options.find((option) => option.value === value)?.label ?? value;
  const open = () => setWanted(true);
  const trigger = (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-label={props["aria-label"]}
      data-state="closed"
      id={id}
      className={cn(selectTriggerClass, className)}
      onPointerEnter={OptionSelectMenu.preload}
      onFocus={OptionSelectMenu.preload}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    >
      <span style={{ pointerEvents: "none" }}>{label}</span>
      <ChevronDown className="h-4 w-4 opacity-50" aria-hidden="true" />
    </button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <OptionSelectMenu {...props} label={label} defaultOpen />
    </Suspense>
  );
}
