import { useEffect, useRef, useState } from 'react';
import { Alert, Grid, Stack } from '@mantine/core';
import type { GiveResult } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { defaultGiveDate } from '../../components/giving/giveDate';
import { GivePanel } from '../../components/giving/GivePanel';
import { giveResultText } from '../../components/giving/giveText';
import { useSchoolCalendar } from '../../components/useSchoolCalendar';
import { useT } from '../../i18n';
import { EMPTY_TARGET, targetRequest, type TargetState } from './target';
import { TargetPicker } from './TargetPicker';

/** Admins and give-all: bonuses and flags to anyone, by house, grade level, class or group. */
export default function BonusesFlagsPage() {
  const t = useT();
  const cal = useSchoolCalendar();
  const [state, setState] = useState<TargetState>(EMPTY_TARGET);
  const [names, setNames] = useState<{ period?: string; group?: string }>({});
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [result, setResult] = useState<GiveResult | null>(null);
  // After a give, focus goes to its result (the Give button may have gone disabled under it).
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  const { target, selectors } = targetRequest(state, {
    period: names.period ?? t('classroom.theClass'),
    group: names.group ?? t('classroom.groupFallback'),
  });

  return (
    <Page>
      <PageHeader
        title={t('classroom.bonusesFlagsTitle')}
        description={t('classroom.bonusesFlagsDescription')}
      />
      <QueryState query={cal} loading={t('calendar.loading')}>
        {(calendar) => (
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                {result ? (
                  <Alert
                    ref={resultRef}
                    tabIndex={-1}
                    color={result.points < 0 ? 'red' : 'teal'}
                    variant="light"
                    title={t('classroom.done')}
                    withCloseButton
                    onClose={() => setResult(null)}
                    closeButtonLabel={t('classroom.dismiss')}
                  >
                    {t('classroom.resultSentence', { text: giveResultText(t, result) })}
                  </Alert>
                ) : null}
                <TargetPicker
                  value={state}
                  onChange={(s) => {
                    setState(s);
                    setResult(null);
                  }}
                  onNames={setNames}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <GivePanel
                target={target}
                selectors={selectors}
                calendar={calendar}
                date={chosenDate ?? defaultGiveDate(calendar) ?? calendar.today}
                onDateChange={setChosenDate}
                onGiven={setResult}
              />
            </Grid.Col>
          </Grid>
        )}
      </QueryState>
    </Page>
  );
}
