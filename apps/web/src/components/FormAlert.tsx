import { Alert } from '@mantine/core';

/** What a form's last send answered. */
export interface FormResult {
  ok: boolean;
  text: string;
}

/**
 * A form's answer above its fields: a failure is read out at once (role alert), a success when the
 * reader is free (role status). Nothing while there is nothing to say.
 */
export function FormAlert({ text, ok = false }: { text: string | null | undefined; ok?: boolean }) {
  if (!text) return null;
  return (
    <Alert color={ok ? 'teal' : 'red'} variant="light" role={ok ? 'status' : 'alert'}>
      {text}
    </Alert>
  );
}
