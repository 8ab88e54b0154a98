import { Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { surveyChoiceText, surveyText } from '@app/domain';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { T, useT } from '../../i18n';

const percent = (n: number, total: number) => (total ? Math.round((n / total) * 100) : 0);
const AUDIENCE_KEYS = {
  STUDENT: 'reports.surveys.audience.students',
  TEACHER: 'reports.surveys.audience.teachers',
} as const;

/**
 * The school's survey results (admins): each survey's answers counted per choice, and how many
 * dismissed it. Self-contained (fetches its own data), for the reports screen. `headingLevel` is
 * the level of its title, so it fits the page it is placed in.
 */
export function SurveyResults({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = useT();
  const q = useQuery({
    queryKey: queryKeys.surveys.results,
    queryFn: () => unwrap(api.surveys.results()),
  });
  return (
    <Stack>
      <Title order={headingLevel} fz="h3">
        <T k="reports.surveys.title" />
      </Title>
      <QueryState query={q} size="section" loading={t('reports.surveys.loading')}>
        {(results) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {results.map((s) => {
              const answered = s.total - s.dismissed;
              const words = surveyText(t, s);
              return (
                <Card key={s.name} p="lg">
                  <Stack gap="sm">
                    <Title order={(headingLevel + 1) as 3 | 4} fz="lg">
                      {t('reports.surveys.surveyTitle', {
                        title: words.title,
                        audience: t(AUDIENCE_KEYS[s.audience]),
                      })}
                    </Title>
                    <Text fz="sm">{words.question}</Text>
                    <Table>
                      <Table.Caption>
                        <T
                          k="reports.surveys.caption"
                          values={{ answered, dismissed: s.dismissed }}
                        />
                      </Table.Caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">
                            <T k="reports.surveys.answer" />
                          </Table.Th>
                          <Table.Th scope="col" ta="right">
                            <T k="reports.surveys.count" />
                          </Table.Th>
                          <Table.Th scope="col">
                            <T k="reports.surveys.share" />
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {s.choices.map((c) => (
                          <Table.Tr key={c.id}>
                            <Table.Td>{surveyChoiceText(t, c.label)}</Table.Td>
                            <Table.Td ta="right">{c.count}</Table.Td>
                            <Table.Td miw={120}>
                              <Group gap="xs" wrap="nowrap">
                                <Progress value={percent(c.count, answered)} w={80} aria-hidden />
                                <Text fz="sm">
                                  <T
                                    k="reports.surveys.percent"
                                    values={{ share: percent(c.count, answered) / 100 }}
                                  />
                                </Text>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
