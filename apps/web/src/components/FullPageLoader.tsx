import { Center } from '@mantine/core';
import { useT } from '../i18n';
import { Spinner } from './Spinner';

export function FullPageLoader() {
  const t = useT();
  return (
    <Center mih="50vh">
      <Spinner label={t('common.loadingLabel')} />
    </Center>
  );
}
