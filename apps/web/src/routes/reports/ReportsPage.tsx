import './print.css';
import { useState, type ComponentType } from 'react';
import { allows, openingReportTab } from '@app/domain';
import { Button, Card, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, reports, unwrap, type ReportsMeta, type SessionUser } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useUser } from '../../session';
import { SurveyResults } from './SurveyResults';
import { initialFilters, ReportFiltersBar, type FilterState } from './ReportFiltersBar';
import {
  ClassTab,
  MyClassesTab,
  SchoolDashboardTab,
  SchoolStudentsTab,
  StudentTab,
  TeacherUsageTab,
  type TabProps,
} from './tabs';

/** One tab of the screen: shown when `visible` says so; its filters; its panel. */
interface ReportTabDef {
  value: string;
  label: string;
  visible: (meta: ReportsMeta, user: SessionUser | null) => boolean;
  /** The filter bar's parts; `null`: the tab has no filters (the survey results). */
  filters: { period: boolean; people: boolean } | null;
  Panel: ComponentType<TabProps>;
}

const has = (tab: ReportsMeta['tabs'][number]) => (meta: ReportsMeta) => meta.tabs.includes(tab);

/**
 * Every tab, in order, each behind its permission (the server's meta lists the caller's). A new tab
 * is one more entry here.
 */
const REPORT_TABS: ReportTabDef[] = [
  {
    value: 'myClasses',
    label: 'My classes',
    visible: has('myClasses'),
    filters: { period: true, people: true },
    Panel: MyClassesTab,
  },
  {
    value: 'class',
    label: 'Class report',
    visible: has('class'),
    filters: { period: true, people: true },
    Panel: ClassTab,
  },
  {
    value: 'student',
    label: 'Student report',
    visible: has('student'),
    filters: { period: false, people: false },
    Panel: StudentTab,
  },
  {
    value: 'teacherUsage',
    label: 'Teacher usage',
    visible: has('teacherUsage'),
    filters: { period: false, people: false },
    Panel: TeacherUsageTab,
  },
  {
    value: 'schoolStudents',
    label: 'School students',
    visible: has('schoolStudents'),
    filters: { period: true, people: true },
    Panel: SchoolStudentsTab,
  },
  {
    value: 'schoolDashboard',
    label: 'School dashboard',
    visible: has('schoolDashboard'),
    filters: { period: true, people: true },
    Panel: SchoolDashboardTab,
  },
  {
    value: 'surveys',
    label: 'Surveys',
    visible: (_meta, user) => user !== null && allows(user, 'surveys:results'),
    filters: null,
    Panel: () => <SurveyResults headingLevel={2} />,
  },
];

/** Teacher and school reports: a tab per report the user may read, with a shared range and filters. */
export default function ReportsPage() {
  const meta = useQuery({
    queryKey: queryKeys.reports.meta,
    queryFn: () => unwrap(reports.meta()),
  });
  // The wrapper scopes the print stylesheet to this screen.
  return (
    <div className="reports-print">
      <Page>
        <PageHeader
          title="Reports"
          description="Points earned, given and spent, by class, student, teacher and school."
          actions={
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          }
        />
        <QueryState query={meta} loading="Loading reports">
          {(m) => <ReportTabs meta={m} />}
        </QueryState>
      </Page>
    </div>
  );
}

function ReportTabs({ meta }: { meta: ReportsMeta }) {
  const user = useUser();
  const tabs = REPORT_TABS.filter((t) => t.visible(meta, user));
  // An admin opens on the school dashboard, not on a class report that waits for a class.
  const [active, setActive] = useState<string | null>(
    () => openingReportTab(tabs.map((t) => t.value)) ?? null,
  );
  const [filters, setFilters] = useState<FilterState>(() => initialFilters(meta));
  if (!tabs.length) return <Text c="dimmed">No report is open to you yet.</Text>;
  const current = tabs.find((t) => t.value === active) ?? tabs[0]!;
  // A school-wide reader picks among the school's periods, a teacher among their own.
  const schoolPeriods = !meta.tabs.includes('myClasses') || meta.tabs.includes('schoolStudents');
  return (
    <Tabs value={current.value} onChange={setActive} keepMounted={false}>
      {/* On paper the tab list is hidden: the open report is named instead. */}
      <h2 className="report-print-title">{current.label}</h2>
      <Tabs.List mb="md">
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value}>
          <Stack gap="md">
            {t.filters && (
              <Card p="md" className="report-filters">
                <ReportFiltersBar
                  meta={meta}
                  value={filters}
                  onChange={setFilters}
                  show={{ ...t.filters, schoolPeriods }}
                />
              </Card>
            )}
            <Card p="md">
              <t.Panel meta={meta} filters={filters} />
            </Card>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
