import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { PrintBadgesButton } from '../../components/badges/PrintBadgesButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useLabels } from '../../components/giving/labels';
import { PrintCardsModal } from '../../components/sign-in/PrintCardsModal';
import { useT } from '../../i18n';

/**
 * Settings → Users and roles: sign-in cards (docs/decisions/133-sign-in-cards.md) for the students
 * chosen in the list below, or for a class of the school; and their badges (issue 35).
 */
export function SignInCardsCard({ chosen, onClear }: { chosen: string[]; onClear: () => void }) {
  const t = useT();
  const labels = useLabels();
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [printing, setPrinting] = useState<'chosen' | 'class' | null>(null);
  const classes = useQuery({
    queryKey: queryKeys.periods.school,
    queryFn: () => unwrap(api.periods.list({ query: { scope: 'school' } })),
  });
  const nameOf = (p: { periodNumber: number; name: string; teacher: { lastName: string } }) =>
    `${t('classroom.classTitle', { period: labels.period(p.periodNumber), name: p.name })} · ${p.teacher.lastName}`;
  const period = classes.data?.find((p) => p._id === periodId);
  return (
    <Card p="lg">
      <Stack>
        <Title order={2} fz="h3">
          {t('settings.cards.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('settings.cards.intro')}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <Text fz="sm" aria-live="polite">
            {t('settings.cards.chosen', { count: chosen.length })}
          </Text>
          <Button
            variant="light"
            disabled={chosen.length === 0}
            onClick={() => setPrinting('chosen')}
          >
            {t('settings.cards.printChosen')}
          </Button>
          <PrintBadgesButton
            label={t('scan.badges.printChosen')}
            disabled={chosen.length === 0}
            target={{ studentIds: chosen }}
            intro={t('scan.badges.introChosen', { count: chosen.length })}
          />
          {chosen.length ? (
            <Button variant="subtle" onClick={onClear}>
              {t('settings.cards.clear')}
            </Button>
          ) : null}
        </Group>
        {classes.isError ? <ErrorNotice message={classes.error.message} /> : null}
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('settings.cards.class')}
            placeholder={
              classes.isPending
                ? t('settings.cards.loadingClasses')
                : t('settings.cards.classPlaceholder')
            }
            searchable
            data={(classes.data ?? [])
              .filter((p) => p.studentCount > 0)
              .map((p) => ({ value: p._id, label: nameOf(p) }))}
            value={periodId}
            onChange={setPeriodId}
            style={{ flex: '1 1 16rem' }}
          />
          <Button variant="light" disabled={!period} onClick={() => setPrinting('class')}>
            {t('settings.cards.printClass')}
          </Button>
          <PrintBadgesButton
            label={t('scan.badges.printClass')}
            disabled={!period}
            target={{ periodId: period?._id ?? '' }}
            intro={period ? t('scan.badges.introClass', { name: nameOf(period) }) : ''}
            what={period ? nameOf(period) : undefined}
          />
        </Group>
      </Stack>
      <PrintCardsModal
        opened={printing === 'chosen'}
        onClose={() => setPrinting(null)}
        target={{ studentIds: chosen }}
        intro={t('classroom.cards.introChosen', { count: chosen.length })}
        fileName="sign-in-cards.pdf"
      />
      {period ? (
        <PrintCardsModal
          opened={printing === 'class'}
          onClose={() => setPrinting(null)}
          target={{ periodId: period._id }}
          intro={t('classroom.cards.introClass', { name: nameOf(period) })}
          fileName="sign-in-cards.pdf"
        />
      ) : null}
    </Card>
  );
}
