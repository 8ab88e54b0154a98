import { Accordion, Stack, Table } from '@mantine/core';
import type { MessageKey } from '@app/domain';
import type { RosterDryRun } from '../../api';
import { TableScroll } from '../../components/ScrollRegion';
import { useFormat, useT } from '../../i18n';

/* The roster import's dry run as tables: the problems found, and what an import would change. */

type Summary = NonNullable<RosterDryRun['summary']>;
type Issue = RosterDryRun['errors'][number];
type ChangeList = Summary['people']['add'];

/** The dry run's lists, in the order the tables show them. */
const LISTS: {
  key: string;
  label: MessageKey;
  list: (s: Summary) => ChangeList;
  who: MessageKey;
  detail: MessageKey;
}[] = [
  {
    key: 'people-add',
    label: 'settings.roster.peopleAdd',
    list: (s) => s.people.add,
    who: 'settings.roster.person',
    detail: 'settings.roster.role',
  },
  {
    key: 'people-change',
    label: 'settings.roster.peopleChange',
    list: (s) => s.people.change,
    who: 'settings.roster.person',
    detail: 'settings.roster.role',
  },
  {
    key: 'people-remove',
    label: 'settings.roster.peopleRemove',
    list: (s) => s.people.remove,
    who: 'settings.roster.person',
    detail: 'settings.roster.roles',
  },
  {
    key: 'periods-add',
    label: 'settings.roster.classesAdd',
    list: (s) => s.periods.add,
    who: 'settings.roster.class',
    detail: 'settings.roster.teacher',
  },
  {
    key: 'periods-change',
    label: 'settings.roster.classesChange',
    list: (s) => s.periods.change,
    who: 'settings.roster.class',
    detail: 'settings.roster.teacher',
  },
  {
    key: 'periods-remove',
    label: 'settings.roster.classesRemove',
    list: (s) => s.periods.remove,
    who: 'settings.roster.class',
    detail: 'settings.roster.teacher',
  },
  {
    key: 'enrollments-add',
    label: 'settings.roster.enrollmentsAdd',
    list: (s) => s.enrollments.add,
    who: 'settings.roster.student',
    detail: 'settings.roster.class',
  },
  {
    key: 'enrollments-remove',
    label: 'settings.roster.enrollmentsRemove',
    list: (s) => s.enrollments.remove,
    who: 'settings.roster.student',
    detail: 'settings.roster.class',
  },
  {
    key: 'co-add',
    label: 'settings.roster.coAdd',
    list: (s) => s.coTeachers.add,
    who: 'settings.roster.coTeacher',
    detail: 'settings.roster.class',
  },
  {
    key: 'co-remove',
    label: 'settings.roster.coRemove',
    list: (s) => s.coTeachers.remove,
    who: 'settings.roster.coTeacher',
    detail: 'settings.roster.class',
  },
];

export const changeCount = (s: Summary) => LISTS.reduce((sum, l) => sum + l.list(s).count, 0);

export function IssueTable({ issues, caption }: { issues: Issue[]; caption: string }) {
  const t = useT();
  return (
    <TableScroll label={caption} minWidth={520}>
      <Table verticalSpacing="xs" striped>
        <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
          {caption}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.roster.file')}</Table.Th>
            <Table.Th>{t('settings.roster.line')}</Table.Th>
            <Table.Th>{t('settings.roster.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((e, i) => (
            <Table.Tr key={i}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.file}</Table.Td>
              <Table.Td>
                {e.line === 0
                  ? t('settings.roster.wholeFile')
                  : e.line === 1
                    ? t('settings.roster.header')
                    : e.line}
              </Table.Td>
              <Table.Td>{e.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The counts of the dry run's table: each kind of row added, changed and removed. */
const countRows = (
  summary: Summary,
): { what: MessageKey; add: number; change: number | null; remove: number }[] => [
  {
    what: 'settings.roster.people',
    add: summary.people.add.count,
    change: summary.people.change.count,
    remove: summary.people.remove.count,
  },
  {
    what: 'settings.roster.classes',
    add: summary.periods.add.count,
    change: summary.periods.change.count,
    remove: summary.periods.remove.count,
  },
  {
    what: 'settings.roster.enrollments',
    add: summary.enrollments.add.count,
    change: null,
    remove: summary.enrollments.remove.count,
  },
  {
    what: 'settings.roster.coTeachers',
    add: summary.coTeachers.add.count,
    change: null,
    remove: summary.coTeachers.remove.count,
  },
];

/** What the import would change: counts, then each non-empty list in its own panel. */
export function DiffTables({ summary }: { summary: Summary }) {
  const t = useT();
  const { number: n } = useFormat();
  const rows = countRows(summary);
  const lists = LISTS.filter((l) => l.list(summary).count > 0);
  return (
    <Stack gap="sm">
      <Table withTableBorder verticalSpacing="xs" maw={520}>
        <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
          {t('settings.roster.wouldChange')}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('settings.roster.kind')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('settings.roster.add')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('settings.roster.change')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('settings.roster.remove')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.what}>
              <Table.Th scope="row">{t(r.what)}</Table.Th>
              <Table.Td ta="right">{n(r.add)}</Table.Td>
              <Table.Td ta="right">
                {r.change === null ? t('settings.roster.none') : n(r.change)}
              </Table.Td>
              <Table.Td ta="right">{n(r.remove)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {lists.length ? (
        <Accordion variant="separated" multiple>
          {lists.map((l) => {
            const list = l.list(summary);
            const label = t(l.label);
            const caption =
              list.items.length < list.count
                ? t('settings.roster.listCountFirst', {
                    label,
                    count: n(list.count),
                    listed: n(list.items.length),
                  })
                : t('settings.roster.listCount', { label, count: n(list.count) });
            return (
              <Accordion.Item key={l.key} value={l.key}>
                <Accordion.Control>{caption}</Accordion.Control>
                <Accordion.Panel>
                  <TableScroll label={label} minWidth={480}>
                    <Table verticalSpacing="xs" striped>
                      <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
                        {label}
                      </caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t(l.who)}</Table.Th>
                          <Table.Th>{t('settings.id')}</Table.Th>
                          <Table.Th>{t(l.detail)}</Table.Th>
                          {l.key.endsWith('change') ? (
                            <Table.Th>{t('settings.roster.whatChanges')}</Table.Th>
                          ) : null}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {list.items.map((c, i) => (
                          <Table.Tr key={`${c.sourcedId}-${i}`}>
                            <Table.Td>{c.name}</Table.Td>
                            <Table.Td>{c.sourcedId}</Table.Td>
                            <Table.Td>{c.detail}</Table.Td>
                            {l.key.endsWith('change') ? (
                              <Table.Td>{(c.fields ?? []).join(', ')}</Table.Td>
                            ) : null}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </TableScroll>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      ) : null}
    </Stack>
  );
}
