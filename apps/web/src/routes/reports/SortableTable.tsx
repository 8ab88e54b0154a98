import { useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { toCsv } from '@app/domain';
import { download } from '../../components/download';
import { ScrollRegion } from '../../components/ScrollRegion';
import { T, useT } from '../../i18n';

export interface Column<R> {
  key: string;
  label: string;
  /** The value shown, sorted on and written to the CSV. */
  value: (row: R) => string | number | null;
  numeric?: boolean;
  /** A date column: the CSV header names the school's time zone. */
  dated?: boolean;
  render?: (row: R) => ReactNode;
  /** What the column sorts on when it is not the value shown (a month shown by name sorts by date). */
  sortValue?: (row: R) => string | number | null;
}

type Sort = { key: string; dir: 'asc' | 'desc' };

/** The sorted column's arrow, beside its heading (hidden from screen readers: aria-sort says it). */
const ARROWS = { asc: ' ▲', desc: ' ▼' } as const;

/** Sorts rows by a column: numbers as numbers, text without case; empty values last. */
export function sortRows<R>(
  rows: readonly R[],
  columns: readonly Column<R>[],
  sort: Sort | null,
): R[] {
  const col = sort && columns.find((c) => c.key === sort.key);
  if (!col || !sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const key = col.sortValue ?? col.value;
    const x = key(a);
    const y = key(b);
    if (x === null || x === '') return y === null || y === '' ? 0 : 1;
    if (y === null || y === '') return -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return (
      sign * String(x).localeCompare(String(y), undefined, { numeric: true, sensitivity: 'base' })
    );
  });
}

interface Props<R> {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** The CSV's file name without extension. */
  fileName: string;
  timeZone: string;
  initialSort?: Sort;
  empty?: string;
}

/**
 * A table sortable by any column (header buttons, aria-sort) with a CSV download of exactly the
 * rows and columns shown, in the order shown.
 */
export function SortableTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  fileName,
  timeZone,
  initialSort,
  empty,
}: Props<R>) {
  const t = useT();
  const [sort, setSort] = useState<Sort | null>(initialSort ?? null);
  const shown = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const toggle = (key: string) =>
    setSort((s) =>
      s?.key === key
        ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' }
        : { key, dir: columns.find((c) => c.key === key)?.numeric ? 'desc' : 'asc' },
    );
  const csv = () =>
    download(
      `${fileName}.csv`,
      toCsv(
        columns.map((c) => ({ label: c.label, value: c.value, dated: c.dated })),
        shown,
        timeZone,
      ),
    );

  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          <T k="reports.table.rows" values={{ count: shown.length }} />
        </Text>
        <Button
          size="xs"
          variant="light"
          onClick={csv}
          disabled={!shown.length}
          aria-label={t('reports.table.downloadLabel', { caption })}
        >
          <T k="reports.table.download" />
        </Button>
      </Group>
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {empty ?? t('reports.table.empty')}
        </Text>
      ) : (
        <ScrollRegion label={caption} mah={480}>
          <Table striped highlightOnHover captionSide="top">
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => {
                  const dir = sort?.key === c.key ? sort.dir : null;
                  return (
                    <Table.Th
                      key={c.key}
                      aria-sort={
                        dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'
                      }
                      ta={c.numeric ? 'right' : undefined}
                    >
                      <UnstyledButton onClick={() => toggle(c.key)} fw={600} fz="sm">
                        {c.label}
                        <span aria-hidden="true">{dir ? ARROWS[dir] : ''}</span>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={rowKey(r)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined}>
                      {c.render ? c.render(r) : c.value(r)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </div>
  );
}
