import type { FormErrors } from '@mantine/form';

/** What is read of a zod schema (the shared ones of @app/domain): its safeParse. */
interface Schema {
  safeParse(values: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
}

/**
 * A @mantine/form `validate` function from a schema the server also checks with: each field's
 * first message, with the API's field name replaced by the label the form shows
 * ("userEmail must be…" → "Email must be…"); `say` writes it in the screens' language
 * (useValidationText).
 */
export function schemaValidate<Values extends object>(
  schema: Schema,
  labels: Record<keyof Values & string, string>,
  say: (message: string) => string = (m) => m,
) {
  return (values: Values): FormErrors => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return {};
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const label = (labels as Record<string, string>)[field] ?? field;
      errors[field] ??= say(issue.message.replace(field, label));
    }
    return errors;
  };
}
