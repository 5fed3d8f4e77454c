import type * as React from "react";
import { Input } from "./input";
import { Label } from "./label";

/** A labelled text input: the label points at the input by its id. */
export function TextField({
  id,
  label,
  ...inputProps
}: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...inputProps} />
    </div>
  );
}
