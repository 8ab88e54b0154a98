import { Alert } from '@mantine/core';

/** A failed call's message; Mantine's Alert carries role="alert". */
export function ErrorNotice({ message, title = 'Something went wrong' }: { message: string; title?: string }) {
  return (
    <Alert color="red" variant="light" title={title}>
      {message}
    </Alert>
  );
}
