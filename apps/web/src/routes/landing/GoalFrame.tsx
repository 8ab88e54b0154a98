import type { ReactNode } from 'react';
import { Box, Card, Title } from '@mantine/core';
import { useT } from '../../i18n';

/**
 * The saving goal's card around its content, the same height from the first paint: the quick links
 * below it do not move when its code and its reads arrive (CLS on a phone, issue 35). The height
 * holds a goal (name, bar, status) or the way to the store, each on two lines at phone width.
 */
export function GoalFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Card p="lg" component="section" aria-labelledby="goal-title">
      <Title order={2} fz="lg" id="goal-title" mb="sm">
        {t('welcome.goalTitle')}
      </Title>
      <Box mih={GOAL_BODY_MIN_PX}>{children}</Box>
    </Card>
  );
}

const GOAL_BODY_MIN_PX = 92;
