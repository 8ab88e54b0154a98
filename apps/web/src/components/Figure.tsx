import { Stack, Text } from '@mantine/core';

/** A labelled figure (balance, spent, can afford…): a small caps label over the value. */
export function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700} c={color}>
        {value}
      </Text>
    </Stack>
  );
}
