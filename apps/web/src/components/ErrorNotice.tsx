import { Alert, Button, Stack, Text } from '@mantine/core';
import { useT } from '../i18n';

interface Props {
  message: string;
  title?: string;
  /** Shown as a "Try again" button (a real button, so it is reached with Tab); its spinner while `retrying`. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed call's message; Mantine's Alert carries role="alert". */
export function ErrorNotice({ message, title, onRetry, retrying = false }: Props) {
  const t = useT();
  return (
    <Alert color="red" variant="light" title={title ?? t('common.somethingWrong')}>
      {onRetry ? (
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{message}</Text>
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            {t('common.retry')}
          </Button>
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}
