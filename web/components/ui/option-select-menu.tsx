import type { OptionSelectProps } from "./option-select-props";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";

/**
 * OptionSelect once it has been used: Radix Select. The value is given as the trigger's text
 * (not copied from the chosen item), so the trigger reads the same before and after the swap.
 */
export function OptionSelectMenu({
  value,
  onValueChange,
  options,
  id,
  className,
  align,
  label,
  defaultOpen,
  ...rest
}: OptionSelectProps & { label: string; defaultOpen?: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger id={id} aria-label={rest["aria-label"]} className={className}>
        <SelectValue>{label}</SelectValue>
      </SelectTrigger>
      <SelectContent align={align}>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
