import type {
  FieldError,
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegisterReturn,
  UseFormReturn,
} from "react-hook-form";

/** What fieldProps gives for one field. */
export type FieldProps = { id: string; error: string | undefined; defaultValue: string } & UseFormRegisterReturn;

/**
 * The props a labelled field (TextField, TextAreaField, SelectField) takes for one value of a
 * react-hook-form form: its id, its error, its registration, and the value it starts with as an
 * HTML default, so the server's HTML shows it and a form posted before the scripts run sends it.
 */
export function fieldProps<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: the checked values' type does not matter here.
  form: UseFormReturn<T, unknown, any>,
  defaults: T,
  idPrefix: string,
) {
  return <K extends Path<T> & keyof T>(name: K, options?: RegisterOptions<T, K>): FieldProps => ({
    id: `${idPrefix}-${name}`,
    error: (form.formState.errors[name] as FieldError | undefined)?.message,
    defaultValue: defaults[name] as string,
    ...form.register(name, options),
  });
}
