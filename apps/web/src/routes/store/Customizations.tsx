import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MEMBER_STATUS_LEVELS, type MemberStatusLevel } from '@app/domain';
import {
  afterCustomization,
  orders,
  unwrap,
  type CustomizationBody,
  type FontOptionInfo,
  type IconOptionInfo,
  type StoreMeta,
} from '../../api';
import { formatPoints } from '../../components/points';
import { loadFont } from '../../components/customization/fonts';
import { attemptFor, type Attempt } from '../../api/idempotency';

/** Each member level's icon theme (docs/spec.md section 9). */
const LEVEL_THEMES: Record<MemberStatusLevel, string> = {
  Bronze: 'faces',
  Silver: 'nature and weather',
  Gold: 'animals',
  Platinum: 'music',
  Ruby: 'art',
  Emerald: 'sports and games',
};
const LEVELS = MEMBER_STATUS_LEVELS.map(([l]) => l);

type Choice = { kind: 'fonts'; option: FontOptionInfo } | { kind: 'icons'; option: IconOptionInfo };

const priceText = (price: number) => (price === 0 ? 'Free' : `${formatPoints(price)} points`);
const choiceName = (c: Choice) =>
  c.kind === 'fonts'
    ? `the ${c.option.name} font`
    : `the ${c.option.name} ${c.option.kind === 'Emojis' ? 'emoji' : 'icon'}`;

/** Asks before buying a font or icon, then buys it once (one Idempotency-Key per attempt). */
function BuyModal({
  choice,
  balance,
  onClose,
}: {
  choice: Choice | null;
  balance: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const attempt = useRef<Attempt | null>(null);
  const buy = useMutation({
    mutationFn: ({ body, key }: { body: CustomizationBody; key: string }) =>
      unwrap(orders.buyCustomization(body, key)),
    onSuccess: (_r, { body }) => {
      attempt.current = null;
      notifications.show({
        color: 'teal',
        title: 'Bought',
        message: `${body.productCategory === 'fonts' ? 'The font' : 'The icon'} is yours. Choose it on your Profile.`,
      });
      void afterCustomization(queryClient);
      onClose();
    },
  });
  const close = () => {
    buy.reset();
    onClose();
  };
  if (!choice) return null;
  const price = choice.option.price;
  const submit = () => {
    const body: CustomizationBody = { productId: choice.option.id, productCategory: choice.kind };
    attempt.current = attemptFor(attempt.current, body);
    buy.mutate({ body, key: attempt.current.key });
  };
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': 'Close' }}
      onClose={close}
      title="Please confirm"
      centered
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          {choice.kind === 'icons' ? (
            <Image src={choice.option.imageUrl} alt="" w={48} h={48} fit="contain" />
          ) : null}
          <Text>
            {price === 0
              ? `Get ${choiceName(choice)} for free?`
              : `Buy ${choiceName(choice)} for ${formatPoints(price)} points?`}
            {price > 0 ? ` You will have ${formatPoints(balance - price)} points left.` : ''}
          </Text>
        </Group>
        {buy.isError ? (
          <Alert color="red" variant="light" title="Not bought">
            {buy.error.message}
          </Alert>
        ) : null}
        <Group>
          <Button onClick={submit} loading={buy.isPending}>
            {buy.isError ? 'Try again' : price === 0 ? 'Yes, get it' : 'Yes, buy it'}
          </Button>
          <Button variant="default" onClick={close} disabled={buy.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function FontCard({
  font,
  sample,
  onBuy,
}: {
  font: FontOptionInfo;
  sample: string;
  onBuy: () => void;
}) {
  return (
    <Card p="md" component="article" aria-label={`${font.name} font`}>
      <Stack gap={6}>
        <Text fz={24} lh={1.3} style={{ fontFamily: font.fontFamily }} truncate>
          {sample}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{font.name}</Text>
          <Text fz="sm" c="dimmed">
            {priceText(font.price)}
          </Text>
        </Group>
        {font.owned ? (
          <Badge variant="light" color="teal" tt="none">
            Owned
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="light"
            onClick={onBuy}
            aria-label={
              font.price === 0 ? `Get it: the ${font.name} font` : `Buy the ${font.name} font`
            }
          >
            {font.price === 0 ? 'Get it' : 'Buy'}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function IconCard({ icon, onBuy }: { icon: IconOptionInfo; onBuy: () => void }) {
  const what = `${icon.name} ${icon.kind === 'Emojis' ? 'emoji' : 'icon'}`;
  return (
    <Card p="sm" component="article" aria-label={what}>
      <Stack gap={4} align="center">
        <Image
          src={icon.imageUrl}
          alt=""
          w={48}
          h={48}
          fit="contain"
          loading="lazy"
          style={{ opacity: icon.unlocked || icon.owned ? 1 : 0.45 }}
        />
        <Text fz="xs" ta="center" lineClamp={2} mih={32}>
          {icon.name}
        </Text>
        <Text fz="xs" c="dimmed">
          {priceText(icon.price)}
        </Text>
        {icon.owned ? (
          <Badge variant="light" color="teal" tt="none">
            Owned
          </Badge>
        ) : icon.unlocked ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={onBuy}
            aria-label={icon.price === 0 ? `Get it: the ${what}` : `Buy the ${what}`}
          >
            {icon.price === 0 ? 'Get it' : 'Buy'}
          </Button>
        ) : (
          <Text fz="xs" c="dimmed" ta="center">
            Unlocks at {icon.memberStatusLevel}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Fonts and profile icons: bought once, kept for good, chosen on the Profile page. */
export function Customizations({
  meta,
  balance,
  sample,
}: {
  meta: StoreMeta;
  balance: number;
  sample: string;
}) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const myLevel = (LEVELS as readonly string[]).includes(meta.memberStatusLevel)
    ? (meta.memberStatusLevel as MemberStatusLevel)
    : 'Bronze';
  const [level, setLevel] = useState<MemberStatusLevel>(myLevel);
  const [kind, setKind] = useState<'Icons' | 'Emojis'>('Emojis');
  useEffect(() => {
    for (const f of meta.fonts) void loadFont(f.id);
  }, [meta.fonts]);
  const icons = meta.icons.filter((i) => i.memberStatusLevel === level && i.kind === kind);

  return (
    <Stack gap="lg">
      <Text c="dimmed">
        Buy a font for your name and a profile icon, then choose them on your{' '}
        <Anchor component={Link} to="/profile">
          Profile
        </Anchor>
        . What you buy is yours for good.
      </Text>
      <Card p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Fonts
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {meta.fonts.map((f) => (
              <FontCard
                key={f.id}
                font={f}
                sample={sample}
                onBuy={() => setChoice({ kind: 'fonts', option: f })}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Card>
      <Card p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Profile icons
          </Title>
          <Text fz="sm" c="dimmed">
            You are a {myLevel} member. Each member level unlocks its icons and those of the levels
            below. Black-and-white icons are free; coloured emojis cost points.
          </Text>
          <Chip.Group value={level} onChange={(v) => setLevel(v as MemberStatusLevel)}>
            <Group gap="xs" role="radiogroup" aria-label="Member level">
              {LEVELS.map((l) => (
                <Chip key={l} value={l} size="sm" variant="outline">
                  {l} · {LEVEL_THEMES[l]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Chip.Group value={kind} onChange={(v) => setKind(v as 'Icons' | 'Emojis')}>
            <Group gap="xs" role="radiogroup" aria-label="Kind">
              <Chip value="Emojis" size="sm" variant="outline">
                Emojis (coloured)
              </Chip>
              <Chip value="Icons" size="sm" variant="outline">
                Icons (black and white, free)
              </Chip>
            </Group>
          </Chip.Group>
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 6, lg: 8 }} spacing="xs">
            {icons.map((i) => (
              <IconCard key={i.id} icon={i} onBuy={() => setChoice({ kind: 'icons', option: i })} />
            ))}
          </SimpleGrid>
        </Stack>
      </Card>
      <BuyModal choice={choice} balance={balance} onClose={() => setChoice(null)} />
    </Stack>
  );
}
