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
  api,
  unwrap,
  type CustomizationBody,
  type FontOptionInfo,
  type IconOptionInfo,
  type StoreMeta,
} from '../../api';
import { loadFont } from '../../components/customization/fonts';
import { attemptFor, type Attempt } from '../../api/idempotency';
import { useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';
import { Rich } from '../../components/Rich';
import { levelName, points, THEME_KEYS } from './words';

const LEVELS = MEMBER_STATUS_LEVELS.map(([l]) => l);

type Choice = { kind: 'fonts'; option: FontOptionInfo } | { kind: 'icons'; option: IconOptionInfo };

const priceText = (t: Translate, price: number) =>
  price === 0 ? t('store.free') : points(t, price);
/** "the Comfortaa font", "the grinning face emoji". */
const fontName = (t: Translate, font: FontOptionInfo) => t('store.theFont', { name: font.name });
const iconName = (t: Translate, icon: IconOptionInfo) =>
  t(icon.kind === 'Emojis' ? 'store.theEmoji' : 'store.theIcon', { name: icon.name });
const choiceName = (t: Translate, c: Choice) =>
  c.kind === 'fonts' ? fontName(t, c.option) : iconName(t, c.option);

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
  const t = useT();
  const queryClient = useQueryClient();
  const attempt = useRef<Attempt | null>(null);
  const buy = useMutation({
    mutationFn: ({ body, key }: { body: CustomizationBody; key: string }) =>
      unwrap(api.order.buyCustomization({ body, headers: { 'idempotency-key': key } })),
    onSuccess: (_r, { body }) => {
      attempt.current = null;
      notifications.show({
        color: 'teal',
        title: t('store.bought'),
        message: t(body.productCategory === 'fonts' ? 'store.fontIsYours' : 'store.iconIsYours'),
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
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={close}
      title={t('store.pleaseConfirm')}
      centered
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          {choice.kind === 'icons' ? (
            <Image src={choice.option.imageUrl} alt="" w={48} h={48} fit="contain" />
          ) : null}
          <Text>
            {price === 0
              ? t('store.getForFree', { what: choiceName(t, choice) })
              : [
                  t('store.buyFor', { what: choiceName(t, choice), price }),
                  t('store.willHaveLeft', { left: balance - price }),
                ].join(' ')}
          </Text>
        </Group>
        {buy.isError ? (
          <Alert color="red" variant="light" title={t('store.notBought')}>
            {buy.error.message}
          </Alert>
        ) : null}
        <Group>
          <Button onClick={submit} loading={buy.isPending}>
            {buy.isError
              ? t('common.retry')
              : price === 0
                ? t('store.yesGetIt')
                : t('store.yesBuyIt')}
          </Button>
          <Button variant="default" onClick={close} disabled={buy.isPending}>
            {t('common.cancel')}
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
  const t = useT();
  return (
    <Card p="md" component="article" aria-label={t('store.fontAria', { name: font.name })}>
      <Stack gap={6}>
        <Text fz={24} lh={1.3} style={{ fontFamily: font.fontFamily }} truncate>
          {sample}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{font.name}</Text>
          <Text fz="sm" c="dimmed">
            {priceText(t, font.price)}
          </Text>
        </Group>
        {font.owned ? (
          <Badge variant="light" color="teal" tt="none">
            {t('store.owned')}
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="light"
            onClick={onBuy}
            aria-label={t(font.price === 0 ? 'store.getItAria' : 'store.buyAria', {
              what: fontName(t, font),
            })}
          >
            {font.price === 0 ? t('store.getIt') : t('store.buy')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function IconCard({ icon, onBuy }: { icon: IconOptionInfo; onBuy: () => void }) {
  const t = useT();
  const label = t(icon.kind === 'Emojis' ? 'store.emojiAria' : 'store.iconAria', {
    name: icon.name,
  });
  return (
    <Card p="sm" component="article" aria-label={label}>
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
          {priceText(t, icon.price)}
        </Text>
        {icon.owned ? (
          <Badge variant="light" color="teal" tt="none">
            {t('store.owned')}
          </Badge>
        ) : icon.unlocked ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={onBuy}
            aria-label={t(icon.price === 0 ? 'store.getItAria' : 'store.buyAria', {
              what: iconName(t, icon),
            })}
          >
            {icon.price === 0 ? t('store.getIt') : t('store.buy')}
          </Button>
        ) : (
          <Text fz="xs" c="dimmed" ta="center">
            {t('store.unlocksAt', { level: levelName(t, icon.memberStatusLevel) })}
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
  const t = useT();
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
        <Rich
          k="store.customizeIntro"
          link={(chunks) => (
            <Anchor component={Link} to="/profile">
              {chunks}
            </Anchor>
          )}
        />
      </Text>
      <Card p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('store.fonts')}
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
            {t('store.profileIcons')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('store.levelIntro', { level: levelName(t, myLevel) })}
          </Text>
          <Chip.Group value={level} onChange={(v) => setLevel(v as MemberStatusLevel)}>
            <Group gap="xs" role="radiogroup" aria-label={t('store.memberLevel')}>
              {LEVELS.map((l) => (
                <Chip key={l} value={l} size="sm" variant="outline">
                  {t('store.levelChip', { level: levelName(t, l), theme: t(THEME_KEYS[l]) })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Chip.Group value={kind} onChange={(v) => setKind(v as 'Icons' | 'Emojis')}>
            <Group gap="xs" role="radiogroup" aria-label={t('store.kind')}>
              <Chip value="Emojis" size="sm" variant="outline">
                {t('store.emojisColoured')}
              </Chip>
              <Chip value="Icons" size="sm" variant="outline">
                {t('store.iconsFree')}
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
