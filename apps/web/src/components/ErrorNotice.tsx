import { Alert, Button, Stack, Text } from '@mantine/core';

interface Props {
  message: string;
  title?: string;
  /** Shown as a "Try again" button (a real button, so it is reached with Tab); its spinner while `retrying`. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed call's message; Mantine's Alert carries role="alert". */
export function ErrorNotice({
  message,
  title = 'Something went wrong',
  onRetry,
  retrying = false,
}: Props) {
  return (
    <Alert color="red" variant="light" title={title}>
      {onRetry ? (
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{message}</Text>
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}
