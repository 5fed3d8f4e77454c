import { editCategoriesFor, STYLES } from "@contract/options";
import { SelectField } from "@/components/ui/labeled-select";
import type { FieldProps } from "@/lib/form-fields";
import { cn } from "@/lib/utils";

/**
 * The category and style selects of both article editors (the owner's dialog and the admin's
 * form), side by side from the small breakpoint. The categories offered keep the article's
 * `current` one even when it is no longer in the list.
 */
export function CategoryAndStyleFields({
  current,
  category,
  style,
  className,
}: {
  current: string;
  category: FieldProps;
  style: FieldProps;
  className?: string;
}) {
  return (
    <div className={cn("grid sm:grid-cols-2", className)}>
      <SelectField
        label="Category"
        options={editCategoriesFor(current).map((c) => ({ value: c, label: c }))}
        {...category}
      />
      <SelectField label="Style" options={STYLES} {...style} />
    </div>
  );
}
