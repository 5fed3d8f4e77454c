import * as React from "react";
import { Input } from "./input";
import { Label } from "./label";

/**
 * A labelled text input: the label points at the input by its id, and a field error (the
 * contract's sentence) is shown under it and announced with it.
 */
export const TextField = React.forwardRef<
  HTMLInputElement,
  { id: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>
>(({ id, label, error, ...inputProps }, ref) => (
  <div className="space-y-2">
    <Label htmlFor={id}>{label}</Label>
    <Input
      id={id}
      ref={ref}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      {...inputProps}
    />
    {error && (
      <p id={`${id}-error`} className="text-sm text-destructive">
        {error}
      </p>
    )}
  </div>
));
TextField.displayName = "TextField";
