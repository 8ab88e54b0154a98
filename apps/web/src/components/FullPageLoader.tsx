import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
