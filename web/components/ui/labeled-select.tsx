import { ChevronDown } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";
import { Label } from "./label";
import { selectTriggerClass } from "./select-styles";

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled native select for a form field (spread `form.register(name)` into it): it is the
 * browser's own control, so it opens, changes and posts before the page's scripts run or
 * without them, and react-hook-form reads it as it reads a text input.
 */
export const SelectField = React.forwardRef<
  HTMLSelectElement,
  {
    id: string;
    label: string;
    options: ReadonlyArray<SelectOption>;
    error?: string;
  } & React.SelectHTMLAttributes<HTMLSelectElement>
>(({ id, label, options, error, className, ...selectProps }, ref) => (
  <div className="space-y-2">
    <Label htmlFor={id}>{label}</Label>
    <div className="relative">
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(selectTriggerClass, "appearance-none pr-9", className)}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute right-3 top-3 h-4 w-4 opacity-50" />
    </div>
    {error && (
      <p id={`${id}-error`} className="text-sm text-destructive">
        {error}
      </p>
    )}
  </div>
));
SelectField.displayName = "SelectField";
