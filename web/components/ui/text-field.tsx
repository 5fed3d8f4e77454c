import * as React from "react";
import { Input } from "./input";
import { Label } from "./label";
import { Textarea } from "./textarea";

/** A label over a control and, when there is one, the field's error under it (the contract's sentence). */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** What points a control at its error, so the error is announced with it. */
const describedBy = (id: string, error: string | undefined) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

/** A labelled text input: the label points at the input by its id, and its error is shown under it. */
export const TextField = React.forwardRef<
  HTMLInputElement,
  { id: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>
>(({ id, label, error, ...inputProps }, ref) => (
  <Field id={id} label={label} error={error}>
    <Input id={id} ref={ref} {...describedBy(id, error)} {...inputProps} />
  </Field>
));
TextField.displayName = "TextField";

/** A labelled textarea, as TextField. */
export const TextAreaField = React.forwardRef<
  HTMLTextAreaElement,
  { id: string; label: string; error?: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>
>(({ id, label, error, ...textareaProps }, ref) => (
  <Field id={id} label={label} error={error}>
    <Textarea id={id} ref={ref} {...describedBy(id, error)} {...textareaProps} />
  </Field>
));
TextAreaField.displayName = "TextAreaField";
