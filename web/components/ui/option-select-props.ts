import type { SelectOption } from "./labeled-select";

// The props of OptionSelect, shared with its menu (loaded on demand), so the two do not import each other.
export interface OptionSelectProps {
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<SelectOption>;
  /** The trigger's id, for a <Label htmlFor>. */
  id?: string;
  "aria-label"?: string;
  /** Classes for the trigger. */
  className?: string;
  align?: "start" | "center" | "end";
}
