import { useCallback, useRef, useState } from 'react';
import { Anchor, Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api, queryKeys, unwrap, type CalendarView, type PeriodDetail } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FullPageLoader } from '../../components/FullPageLoader';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { defaultGiveDate } from '../../components/giving/giveDate';
import { GivePanel } from '../../components/giving/GivePanel';
import { useSchoolCalendar } from '../../components/useSchoolCalendar';
import { useLabels } from '../../components/giving/labels';
import { T, useFormat, useT } from '../../i18n';
import { ClassActivity } from './ClassActivity';
import { focusRoster } from './ClassStudentTable';
import { CoTeachersPanel } from './CoTeachersPanel';
import { GroupManager } from './GroupManager';
import { giveSelectors, onRoster } from './selection';
import { SignInActions } from './SignInActions';
import { StudentPicker } from './StudentPicker';
import { useCoachingAnswer } from './useClassCoaching';

const backLink = (
  <Anchor component={Link} to="/classes" fz="sm">
    <T k="classroom.allClasses" />
  </Anchor>
);

function ClassGiving({ period, calendar }: { period: PeriodDetail; calendar: CalendarView }) {
  const t = useT();
  const f = useFormat();
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const date = chosenDate ?? defaultGiveDate(calendar) ?? calendar.today;
  const [selected, setSelected] = useState<string[]>([]);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);
  const closeManager = useCallback(() => setManaging(false), []);
  const rosterRef = useRef<HTMLTableElement>(null);
  const studentsRef = useRef<HTMLDivElement>(null);
  // The Give button goes away with the selection: focus goes back to the roster, on the student
  // the arrow keys last reached (or the students' column when no student is shown).
  const backToRoster = () => {
    if (!focusRoster(rosterRef.current)) studentsRef.current?.focus();
  };
  const clearSelection = () => {
    backToRoster();
    setSelected([]);
  };

  const stats = useQuery({
    queryKey: queryKeys.classStats.of(period._id, date),
    queryFn: () => unwrap(api.activity.classStats({ params: { id: period._id }, query: { date } })),
    placeholderData: (prev) => prev,
  });
  const groupTypes = useGroupTypes(period._id);
  const coaching = useCoachingAnswer();
  const students = stats.data?.students ?? [];
  const chosen = onRoster(selected, students);
  const group = groupTypes.data?.flatMap((t) => t.groups).find((g) => g._id === groupId);
  const dayLabel =
    date === calendar.today
      ? t('classroom.today')
      : t('classroom.onDay', { date: f.mediumDate(date) });

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <Stack gap="lg" ref={studentsRef} tabIndex={-1} style={{ outline: 'none' }}>
          {stats.isError ? <ErrorNotice message={stats.error.message} /> : null}
          {groupTypes.isError ? <ErrorNotice message={groupTypes.error.message} /> : null}
          {stats.isPending || coaching.waiting ? (
            // As tall as the screen: what follows (the give panel on a phone) stays below the fold
            // until the roster, always taller, takes its place (CLS, issue 35).
            <FullPageLoader height="100vh" />
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
              tableRef={rosterRef}
            />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Stack
          gap="lg"
          id="give-panel"
          style={{
            position: 'sticky',
            // A sticky box is a stacking context: without a z-index of its own, the class's activity
            // below it painted over the fixed action bar inside it (a class of a few students).
            zIndex: 1,
            top: 'calc(var(--app-shell-header-height, 0px) + 16px)',
            scrollMarginTop: 80,
          }}
        >
          <GivePanel
            target={{ kind: 'students', count: chosen.length }}
            selectors={giveSelectors(period._id, chosen, group, students)}
            calendar={calendar}
            date={date}
            onDateChange={setChosenDate}
            onGiven={clearSelection}
            onClear={clearSelection}
          />
          <CoTeachersPanel period={period} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={12}>
        <ClassActivity periodId={period._id} />
      </Grid.Col>
      <GroupManager
        opened={managing}
        onClose={closeManager}
        periodId={period._id}
        groupTypes={groupTypes.data ?? []}
        students={students}
        date={date}
        today={calendar.today}
      />
    </Grid>
  );
}

/** The class's groups (for "Select a group" and the group manager). */
function useGroupTypes(periodId: string) {
  return useQuery({
    queryKey: queryKeys.groupTypes.ofClass(periodId),
    queryFn: () => unwrap(api.groupTypes.list({ query: { internalPeriodId: periodId } })),
  });
}

export default function ClassPage() {
  // The spec's route names its parameter internalPeriodId (/class/:internalPeriodId).
  const { internalPeriodId: periodId = '' } = useParams();
  const q = useQuery({
    queryKey: queryKeys.period.one(periodId),
    queryFn: () => unwrap(api.periods.get({ params: { id: periodId } })),
  });
  const cal = useSchoolCalendar();
  // Reads that need neither the class nor the calendar start beside them, not after them.
  useGroupTypes(periodId);
  useCoachingAnswer();
  const t = useT();
  const labels = useLabels();

  if (q.isPending || cal.isPending)
    return (
      <Page>
        <PageHeader title={t('classroom.class')} actions={backLink} />
        <FullPageLoader />
      </Page>
    );
  if (q.isError || cal.isError)
    return (
      <Page>
        <PageHeader title={t('classroom.class')} actions={backLink} />
        <ErrorNotice message={(q.error ?? cal.error)?.message ?? ''} />
      </Page>
    );
  const p = q.data;

  return (
    <Page>
      <PageHeader
        title={t('classroom.classTitle', { period: labels.period(p.periodNumber), name: p.name })}
        description={
          p.sectionNumbers.length
            ? t('classroom.sectionStudents', {
                sections: p.sectionNumbers.join(', '),
                count: p.studentCount,
              })
            : t('classroom.studentCount', { count: p.studentCount })
        }
        actions={backLink}
      />
      <ClassGiving period={p} calendar={cal.data} />
      {/* After the roster: giving stays the first thing the keyboard reaches (e2e/keyboard.test.ts). */}
      <SignInActions period={p} />
    </Page>
  );
}
