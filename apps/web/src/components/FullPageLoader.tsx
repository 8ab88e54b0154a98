import { Center } from '@mantine/core';
import { Spinner } from './Spinner';

export function FullPageLoader() {
  return (
    <Center mih="50vh">
      <Spinner label="Loading" />
    </Center>
  );
}
