import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { Label } from "./label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";

export interface SelectOption {
  value: string;
  label: string;
}

interface LabeledSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<SelectOption>;
}

/** A labelled select over a fixed list of options; the label points at the trigger by its id. */
export function LabeledSelect({ id, label, value, onChange, options }: LabeledSelectProps) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * A LabeledSelect bound to one field of a react-hook-form form; `onChange` runs after the form
 * has the new value (to re-check fields that depend on it).
 */
export function SelectField<T extends FieldValues, Checked = T>({
  control,
  name,
  onChange,
  ...select
}: Omit<LabeledSelectProps, "value" | "onChange"> & {
  control: Control<T, unknown, Checked>;
  name: Path<T>;
  onChange?: (value: string) => void;
}) {
  return (
    <Controller<T, Path<T>, Checked>
      control={control}
      name={name}
      render={({ field }) => (
        <LabeledSelect
          {...select}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            onChange?.(value);
          }}
        />
      )}
    />
  );
}
