import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME, type MessageKey } from '@app/domain';
import { useT } from '../../i18n';

const FEATURES: { title: MessageKey; text: MessageKey }[] = [
  { title: 'welcome.featureEarnTitle', text: 'welcome.featureEarnText' },
  { title: 'welcome.featureSpendTitle', text: 'welcome.featureSpendText' },
  { title: 'welcome.featureSchoolTitle', text: 'welcome.featureSchoolText' },
];

export function VisitorLanding() {
  const t = useT();
  return (
    <Container size="lg" py={{ base: 40, md: 72 }}>
      <VisuallyHidden>
        <Title order={1}>{t('layout.pageHome')}</Title>
      </VisuallyHidden>
      <Stack gap="xl">
        <Stack gap="md" maw={640}>
          <Badge variant="light" size="lg" w="fit-content">
            {t('welcome.visitorBadge')}
          </Badge>
          <Title order={2} fz={{ base: 34, md: 48 }} lh={1.1}>
            {t('welcome.visitorHeadline')}
          </Title>
          <Text fz="lg" c="dimmed">
            {t('welcome.visitorIntro', { product: PRODUCT_NAME })}
          </Text>
          <Group>
            <Button component={Link} to="/login" size="md">
              {t('layout.signIn')}
            </Button>
            <Button component={Link} to="/contact" size="md" variant="default">
              {t('welcome.talkToUs')}
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FEATURES.map((f) => (
            <Card key={f.title} p="lg">
              <Title order={3} fz="lg" mb="xs">
                {t(f.title)}
              </Title>
              <Text c="dimmed" fz="sm">
                {t(f.text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
