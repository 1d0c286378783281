import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The props that connect a text field to a react-hook-form field: registration, error state
 * and the German message; `hint` shows while there is no error.
 */
export function fieldProps<Values extends FieldValues, Context, Transformed>(
  form: UseFormReturn<Values, Context, Transformed>,
  name: Path<Values>,
  hint?: string,
) {
  const message = form.getFieldState(name, form.formState).error?.message;
  return {
    ...form.register(name),
    error: message !== undefined,
    helperText: message ?? hint,
  };
}
