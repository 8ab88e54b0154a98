import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, invalidateAfter, queryKeys, unwrap } from '../../../api';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormat, useT } from '../../../i18n';
import { useUser } from '../../../session';

/**
 * Settings: the addresses refused now after failed sign-ins against this school's names, and a way
 * to lift one (docs/decisions/126-device-cookies.md). Browsers that signed in there before are not
 * held back; the others wait 15 minutes unless an admin lifts the address.
 */
export function SignInLimits() {
  const queryClient = useQueryClient();
  const t = useT();
  const f = useFormat();
  const timeZone = useUser()?.school.timeZone;
  const list = useQuery({
    queryKey: queryKeys.signInLimits,
    queryFn: () => unwrap(api.settings.signInLimits()),
  });
  const lift = useMutation({
    mutationFn: (address: string) => unwrap(api.settings.liftAddress({ params: { address } })),
    onSuccess: async (_ok, address) => {
      notifications.show({ color: 'teal', message: t('settings.limits.lifted', { address }) });
      await invalidateAfter(queryClient, 'signInLimits');
    },
  });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('settings.limits.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('settings.limits.help')}
        </Text>
        <FormAlert text={lift.error?.message ?? null} />
        <QueryState query={list} loading={t('settings.limits.loading')} size="section">
          {({ addresses }) =>
            addresses.length === 0 ? (
              <Text fz="sm">{t('settings.limits.none')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('settings.limits.address')}</Table.Th>
                      <Table.Th scope="col">{t('settings.limits.failures')}</Table.Th>
                      <Table.Th scope="col">{t('settings.limits.until')}</Table.Th>
                      <Table.Th scope="col">{t('settings.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {addresses.map((a) => (
                      <Table.Tr key={a.address}>
                        <Table.Td>{a.address}</Table.Td>
                        <Table.Td>{f.number(a.failures)}</Table.Td>
                        <Table.Td>{f.dateTime(a.until, timeZone)}</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="light"
                            loading={lift.isPending && lift.variables === a.address}
                            onClick={() => lift.mutate(a.address)}
                            aria-label={t('settings.limits.liftOf', { address: a.address })}
                          >
                            {t('settings.limits.lift')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
