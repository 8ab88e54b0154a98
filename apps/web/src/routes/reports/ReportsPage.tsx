import './print.css';
import { useState, type ComponentType } from 'react';
import { openingReportTab, opensReportTab, type MessageKey } from '@app/domain';
import { Button, Card, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, queryKeys, unwrap, type ReportsMeta, type SessionUser } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { T, useT } from '../../i18n';
import { useUser } from '../../session';
import { SurveyResults } from './SurveyResults';
import { initialFilters, ReportFiltersBar, type FilterState } from './ReportFiltersBar';
import { ClassTab } from './ClassTab';
import { EconomyTab } from './EconomyTab';
import { FairnessTab } from './FairnessTab';
import { MyClassesTab } from './MyClassesTab';
import { SchoolDashboardTab } from './SchoolDashboardTab';
import { SchoolStudentsTab } from './SchoolStudentsTab';
import { StudentTab } from './StudentTab';
import type { TabProps } from './tabParts';
import { TeacherUsageTab } from './TeacherUsageTab';

/** One tab of the screen: shown when `visible` says so; its filters; its panel. */
interface ReportTabDef {
  value: string;
  label: MessageKey;
  visible: (meta: ReportsMeta, user: SessionUser | null) => boolean;
  /** The filter bar's parts; `null`: the tab has no filters (the survey results). */
  filters: { period: boolean; people: boolean; category?: boolean } | null;
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
    label: 'reports.tab.myClasses',
    visible: has('myClasses'),
    filters: { period: true, people: true },
    Panel: MyClassesTab,
  },
  {
    value: 'class',
    label: 'reports.tab.class',
    visible: has('class'),
    filters: { period: true, people: true },
    Panel: ClassTab,
  },
  {
    value: 'student',
    label: 'reports.tab.student',
    visible: has('student'),
    filters: { period: false, people: false },
    Panel: StudentTab,
  },
  {
    value: 'teacherUsage',
    label: 'reports.tab.teacherUsage',
    visible: has('teacherUsage'),
    filters: { period: false, people: false },
    Panel: TeacherUsageTab,
  },
  {
    value: 'schoolStudents',
    label: 'reports.tab.schoolStudents',
    visible: has('schoolStudents'),
    filters: { period: true, people: true },
    Panel: SchoolStudentsTab,
  },
  {
    value: 'schoolDashboard',
    label: 'reports.tab.schoolDashboard',
    visible: has('schoolDashboard'),
    filters: { period: true, people: true },
    Panel: SchoolDashboardTab,
  },
  // Behind their own permissions, not the meta's tabs (opensReportTab, the navigation's rule too):
  // a PBIS coordinator reads Fairness, a store manager Economy only.
  {
    value: 'fairness',
    label: 'reports.tab.fairness',
    visible: (_meta, user) => user !== null && opensReportTab(user, 'fairness'),
    filters: { period: false, people: false, category: false },
    Panel: FairnessTab,
  },
  {
    value: 'economy',
    label: 'reports.tab.economy',
    visible: (_meta, user) => user !== null && opensReportTab(user, 'economy'),
    filters: { period: false, people: false, category: false },
    Panel: EconomyTab,
  },
  {
    value: 'surveys',
    label: 'reports.tab.surveys',
    visible: (_meta, user) => user !== null && opensReportTab(user, 'surveys'),
    filters: null,
    Panel: () => <SurveyResults headingLevel={2} />,
  },
];

/** Teacher and school reports: a tab per report the user may read, with a shared range and filters. */
export default function ReportsPage() {
  const t = useT();
  const meta = useQuery({
    queryKey: queryKeys.reports.meta,
    queryFn: () => unwrap(api.reports.meta()),
  });
  // The wrapper scopes the print stylesheet to this screen.
  return (
    <div className="reports-print">
      <Page>
        <PageHeader
          title={t('reports.title')}
          description={t('reports.description')}
          actions={
            <Button variant="default" onClick={() => window.print()}>
              <T k="common.print" />
            </Button>
          }
        />
        <QueryState query={meta} loading={t('reports.loading')}>
          {(m) => <ReportTabs meta={m} />}
        </QueryState>
      </Page>
    </div>
  );
}

function ReportTabs({ meta }: { meta: ReportsMeta }) {
  const user = useUser();
  const t = useT();
  const tabs = REPORT_TABS.filter((tab) => tab.visible(meta, user));
  // The tab named in the address (/reports?tab=fairness) is open; without one, an admin opens on
  // the school dashboard, not on a class report that waits for a class.
  const [params, setParams] = useSearchParams();
  const [opening] = useState(() => openingReportTab(tabs.map((tab) => tab.value)));
  const choose = (value: string | null) => {
    if (value) setParams((p) => ({ ...Object.fromEntries(p), tab: value }), { replace: true });
  };
  const [filters, setFilters] = useState<FilterState>(() => initialFilters(meta));
  if (!tabs.length)
    return (
      <Text c="dimmed">
        <T k="reports.noneOpen" />
      </Text>
    );
  const current =
    tabs.find((tab) => tab.value === params.get('tab')) ??
    tabs.find((tab) => tab.value === opening) ??
    tabs[0]!;
  // A school-wide reader picks among the school's periods, a teacher among their own.
  const schoolPeriods = !meta.tabs.includes('myClasses') || meta.tabs.includes('schoolStudents');
  return (
    <Tabs value={current.value} onChange={choose} keepMounted={false}>
      {/* On paper the tab list is hidden: the open report is named instead. */}
      <h2 className="report-print-title">{t(current.label)}</h2>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          <Stack gap="md">
            {tab.filters && (
              <Card p="md" className="report-filters">
                <ReportFiltersBar
                  meta={meta}
                  value={filters}
                  onChange={setFilters}
                  show={{ ...tab.filters, schoolPeriods }}
                />
              </Card>
            )}
            <Card p="md">
              <tab.Panel meta={meta} filters={filters} />
            </Card>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
