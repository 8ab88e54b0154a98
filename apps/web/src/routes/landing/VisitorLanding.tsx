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
import { CURRENCY_NAME, PRODUCT_NAME } from '@app/domain';

const FEATURES = [
  {
    title: 'Earn for what matters',
    text: `Teachers give ${CURRENCY_NAME} for effort, kindness and attendance in a couple of clicks, for one student or a whole house.`,
  },
  {
    title: 'Spend in the school store',
    text: 'Students shop for items, privileges and events, and watch their orders go from packaged to picked up.',
  },
  {
    title: 'See the whole school',
    text: 'Rosters, houses, reports and a calendar keep admins and store managers on the same page.',
  },
];

export function VisitorLanding() {
  return (
    <Container size="lg" py={{ base: 40, md: 72 }}>
      <VisuallyHidden>
        <Title order={1}>Home</Title>
      </VisuallyHidden>
      <Stack gap="xl">
        <Stack gap="md" maw={640}>
          <Badge variant="light" size="lg" w="fit-content">
            School rewards + student store
          </Badge>
          <Title order={2} fz={{ base: 34, md: 48 }} lh={1.1}>
            Reward great work. Let students spend it.
          </Title>
          <Text fz="lg" c="dimmed">
            {PRODUCT_NAME} turns recognition into {CURRENCY_NAME} students can spend in their school
            store — simple for teachers, exciting for students, clear for admins.
          </Text>
          <Group>
            <Button component={Link} to="/login" size="md">
              Sign in
            </Button>
            <Button component={Link} to="/contact" size="md" variant="default">
              Talk to us
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FEATURES.map((f) => (
            <Card key={f.title} p="lg">
              <Title order={3} fz="lg" mb="xs">
                {f.title}
              </Title>
              <Text c="dimmed" fz="sm">
                {f.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
