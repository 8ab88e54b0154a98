import { useState } from 'react';
import { Affix, Anchor, Button, Grid, Stack } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { periodLabel } from '@app/domain';
import { activity, groupTypes as groupTypesApi, periods, unwrap, type CalendarView, type PeriodDetail } from '../../api';
import { shortDate } from '../../components/ActivityTable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FullPageLoader } from '../../components/FullPageLoader';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { defaultGiveDate } from '../../giving/giveDate';
import { GivePanel } from '../../giving/GivePanel';
import { useSchoolCalendar } from '../../giving/useSchoolCalendar';
import { ClassActivity } from './ClassActivity';
import { CoTeachersPanel } from './CoTeachersPanel';
import { GroupManager } from './GroupManager';
import { giveSelectors, onRoster } from './selection';
import { StudentPicker } from './StudentPicker';

const backLink = (
  <Anchor component={Link} to="/classes" fz="sm">
    ← All classes
  </Anchor>
);

function ClassGiving({ period, calendar }: { period: PeriodDetail; calendar: CalendarView }) {
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const date = chosenDate ?? defaultGiveDate(calendar) ?? calendar.today;
  const [selected, setSelected] = useState<string[]>([]);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);
  // On small screens the panel sits below the list: a floating button leads to it until it is in view.
  const { ref: panelRef, entry: panelEntry } = useIntersection<HTMLDivElement>({ threshold: 0.1 });

  const stats = useQuery({
    queryKey: ['class-stats', period._id, date],
    queryFn: () => unwrap(activity.classStats(period._id, date)),
    placeholderData: (prev) => prev,
  });
  const groupTypes = useQuery({ queryKey: ['group-types', period._id], queryFn: () => unwrap(groupTypesApi.list(period._id)) });
  const students = stats.data?.students ?? [];
  const chosen = onRoster(selected, students);
  const group = groupTypes.data?.flatMap((t) => t.groups).find((g) => g._id === groupId);
  const dayLabel = date === calendar.today ? 'today' : `on ${shortDate(date)}`;

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <Stack gap="lg">
          {stats.isError ? <ErrorNotice message={stats.error.message} /> : null}
          {groupTypes.isError ? <ErrorNotice message={groupTypes.error.message} /> : null}
          {stats.isPending ? (
            <FullPageLoader />
          ) : (
            <StudentPicker
              students={students}
              groupTypes={groupTypes.data ?? []}
              selected={chosen}
              onSelect={setSelected}
              onChooseGroup={setGroupId}
              date={date}
              dayLabel={dayLabel}
              onManageGroups={() => setManaging(true)}
            />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Stack gap="lg" id="give-panel" ref={panelRef} style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 0px) + 16px)', scrollMarginTop: 80 }}>
          <GivePanel
            target={{ kind: 'students', count: chosen.length }}
            selectors={giveSelectors(period._id, chosen, group, students)}
            calendar={calendar}
            date={date}
            onDateChange={setChosenDate}
            onGiven={() => setSelected([])}
          />
          <CoTeachersPanel period={period} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={12}>
        <ClassActivity periodId={period._id} />
      </Grid.Col>
      {chosen.length && !panelEntry?.isIntersecting ? (
        <Affix position={{ bottom: 16, left: 16, right: 16 }} hiddenFrom="md">
          <Button fullWidth size="md" radius="xl" style={{ boxShadow: "var(--mantine-shadow-md)" }} onClick={() => document.getElementById('give-panel')?.scrollIntoView({ behavior: 'smooth' })}>
            Choose points for {chosen.length} {chosen.length === 1 ? 'student' : 'students'} ↓
          </Button>
        </Affix>
      ) : null}
      <GroupManager
        opened={managing}
        onClose={() => setManaging(false)}
        periodId={period._id}
        groupTypes={groupTypes.data ?? []}
        students={students}
        date={date}
        today={calendar.today}
      />
    </Grid>
  );
}

export default function ClassPage() {
  const { internalPeriodId = '' } = useParams();
  const q = useQuery({ queryKey: ['period', internalPeriodId], queryFn: () => unwrap(periods.get(internalPeriodId)) });
  const cal = useSchoolCalendar();

  if (q.isPending || cal.isPending)
    return (
      <Page>
        <PageHeader title="Class" actions={backLink} />
        <FullPageLoader />
      </Page>
    );
  if (q.isError || cal.isError)
    return (
      <Page>
        <PageHeader title="Class" actions={backLink} />
        <ErrorNotice message={(q.error ?? cal.error)?.message ?? ''} />
      </Page>
    );
  const p = q.data;
  const sections = p.sectionNumbers.length ? `Section ${p.sectionNumbers.join(', ')} · ` : '';
  return (
    <Page>
      <PageHeader
        title={`${periodLabel(p.periodNumber)} — ${p.name}`}
        description={`${sections}${p.studentCount} ${p.studentCount === 1 ? 'student' : 'students'}`}
        actions={backLink}
      />
      <ClassGiving period={p} calendar={cal.data} />
    </Page>
  );
}
