import { Center } from '@mantine/core';
import { useT } from '../i18n';
import { Spinner } from './Spinner';

/** A spinner in a box half the screen tall, or `height` (a place that keeps what follows below the fold). */
export function FullPageLoader({ height = '50vh' }: { height?: string }) {
  const t = useT();
  return (
    <Center mih={height}>
      <Spinner label={t('common.loadingLabel')} />
    </Center>
  );
}
