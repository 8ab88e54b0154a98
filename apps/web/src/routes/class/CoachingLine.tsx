import { memo } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useT } from '../../i18n';
import { coachingMessage } from './coaching';
import type { ClassCoaching } from './useClassCoaching';

/**
 * One calm line above the roster (issue 34): the giver's ratio beside the school's target, said
 * gently when one more flag would take it under, and a way to select every student of the class
 * nobody has recognised in the school's recognition days. Nothing pops up or covers the roster.
 * Memoized: a tap on the roster does not redraw it.
 */
export const CoachingLine = memo(function CoachingLine({
  coaching,
  onSelect,
}: {
  coaching: ClassCoaching;
  /** Selects these roster ids (externalStudentId) for the next give. */
  onSelect: (ids: string[]) => void;
}) {
  const t = useT();
  const { answer, ids } = coaching;
  if (!answer) return null;
  const m = coachingMessage(answer, coaching.window);
  return (
    <Group gap="xs" justify="space-between" align="center" wrap="wrap" data-coaching>
      <Group gap={8} wrap="nowrap" align="baseline" style={{ flex: '1 1 260px' }}>
        {/* The dot marks the gentle line; its words say the same, so it is hidden from readers. */}
        <Box
          aria-hidden
          w={8}
          h={8}
          style={{
            flex: 'none',
            borderRadius: '50%',
            background: m.gentle ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-teal-6)',
          }}
        />
        <Text fz="sm" c={m.gentle ? undefined : 'dimmed'} fw={m.gentle ? 500 : 400}>
          {t(m.key, m.values)}
        </Text>
      </Group>
      {ids.length ? (
        <Button
          variant="light"
          color="orange"
          size="compact-sm"
          h="auto"
          py={4}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          onClick={() => onSelect(ids)}
        >
          {t('classroom.coaching.selectUnrecognized', {
            count: ids.length,
            days: coaching.recognitionDays,
          })}
        </Button>
      ) : null}
    </Group>
  );
});
