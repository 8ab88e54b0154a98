import { Avatar, Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { allows, fullName, initials } from '@app/domain';
import { HouseBadge } from '../../components/HouseBadge';
import { PageHeader } from '../../components/PageHeader';
import { useUser } from '../../session';
import { useRoleName } from '../../components/roleName';
import { useGradeLabel, useRoleLabel } from '../../components/words';
import { useT } from '../../i18n';
import { Page } from '../../components/Page';
import { CustomName } from '../../components/customization/CustomName';
import { useCustomization } from '../../components/customization/useCustomization';
import { CustomizationChooser } from './CustomizationChooser';
import { LanguagePicker } from './LanguagePicker';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

export default function ProfilePage() {
  const t = useT();
  const roleLabel = useRoleLabel();
  const roleName = useRoleName();
  const gradeLabel = useGradeLabel();
  const user = useUser();
  const custom = useCustomization(user);
  if (!user) return null; // AccessGate only renders this page for a signed-in user
  const customizes = allows(user, 'orders:customize');
  return (
    <Page maw={760}>
      <PageHeader title={t('layout.pageProfile')} />
      <Card p="xl">
        <Stack gap="lg">
          <Group gap="lg">
            <Avatar size={72} radius="xl" color="grape">
              {initials(user)}
            </Avatar>
            <Stack gap={2}>
              <Title order={2} fz="h3">
                <CustomName customization={custom} iconSize={28}>
                  {fullName(user)}
                </CustomName>
              </Title>
              <Text c="dimmed">{roleLabel(user.roles)}</Text>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Field label={t('profile.username')}>{user.username}</Field>
            <Field label={t('profile.school')}>{user.school.name}</Field>
            {user.gradeLevel ? (
              <Field label={t('profile.grade')}>{gradeLabel(user.gradeLevel)}</Field>
            ) : null}
            {user.house ? (
              <Field label={t('profile.house')}>
                <HouseBadge house={user.house} />
              </Field>
            ) : null}
            <Field label={t('profile.roles')}>
              <Group gap="xs">
                {user.roles.map((r) => (
                  <Badge key={r} variant="light" tt="none">
                    {roleName(r)}
                  </Badge>
                ))}
              </Group>
            </Field>
          </SimpleGrid>
          <LanguagePicker user={user} />
        </Stack>
      </Card>
      {customizes ? (
        <Box mt="lg">
          <CustomizationChooser name={fullName(user)} />
        </Box>
      ) : null}
    </Page>
  );
}
