import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  afterStoreMetaChange,
  api,
  unwrap,
  type ProfileCustomizationBody,
  type StoreMeta,
} from '../../api';
import { QueryState } from '../../components/QueryState';
import { CustomName } from '../../components/customization/CustomName';
import { loadFont } from '../../components/customization/fonts';
import { useStoreMeta } from '../../components/customization/useCustomization';
import { useT } from '../../i18n';
import { SPACE } from '../../components/space';

const NONE = 'none';

function Chooser({ meta, name }: { meta: StoreMeta; name: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const fonts = meta.fonts.filter((f) => f.owned);
  const icons = meta.icons.filter((i) => i.owned);
  const [fontId, setFontId] = useState(meta.chosenFont ?? NONE);
  const [iconId, setIconId] = useState(meta.chosenIcon ?? NONE);
  useEffect(() => {
    for (const f of meta.fonts) if (f.owned) void loadFont(f.id);
  }, [meta.fonts]);
  const save = useMutation({
    mutationFn: (body: ProfileCustomizationBody) => unwrap(api.profile.setCustomization({ body })),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('profile.customSaved') });
      void afterStoreMetaChange(queryClient);
    },
  });
  const font = fonts.find((f) => f.id === fontId) ?? null;
  const icon = icons.find((i) => i.id === iconId) ?? null;
  const changed = fontId !== (meta.chosenFont ?? NONE) || iconId !== (meta.chosenIcon ?? NONE);

  if (!fonts.length && !icons.length)
    return (
      <Text c="dimmed">
        {t('profile.customNoneBefore')}
        {SPACE}
        <Anchor component={Link} to="/store?tab=customize">
          {t('layout.pageMyStore')}
        </Anchor>
        {t('profile.customNoneAfter')}
      </Text>
    );

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Text fz="sm" c="dimmed">
          {t('profile.preview')}
        </Text>
        <Text fz="xl" fw={600} component="div">
          <CustomName customization={{ font, icon }} iconSize={28}>
            {name}
          </CustomName>
        </Text>
      </Group>
      <Radio.Group
        label={t('profile.font')}
        value={fontId}
        onChange={setFontId}
        description={fonts.length ? undefined : t('profile.noFonts')}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
          <Radio value={NONE} label={t('profile.appFont')} />
          {fonts.map((f) => (
            <Radio
              key={f.id}
              value={f.id}
              label={<span style={{ fontFamily: f.fontFamily, fontSize: 18 }}>{f.name}</span>}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <IconChoice icons={icons} value={iconId} onChange={setIconId} />
      {save.isError ? (
        <Alert color="red" variant="light" title={t('profile.notSaved')}>
          {save.error.message}
        </Alert>
      ) : null}
      <Group>
        <Button
          onClick={() =>
            save.mutate({
              fontId: fontId === NONE ? null : fontId,
              iconId: iconId === NONE ? null : iconId,
            })
          }
          disabled={!changed}
          loading={save.isPending}
        >
          {t('profile.saveCustom')}
        </Button>
        <Anchor component={Link} to="/store?tab=customize" fz="sm">
          {t('profile.getMore')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** The icons the student owns, or none. */
function IconChoice({
  icons,
  value,
  onChange,
}: {
  icons: StoreMeta['icons'];
  value: string;
  onChange: (id: string) => void;
}) {
  const t = useT();
  return (
    <Radio.Group
      label={t('profile.icon')}
      value={value}
      onChange={onChange}
      description={icons.length ? undefined : t('profile.noIcons')}
    >
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="xs" mt="xs">
        <Radio value={NONE} label={t('profile.noIcon')} />
        {icons.map((i) => (
          <Radio
            key={i.id}
            value={i.id}
            aria-label={t('profile.iconLabel', {
              name: i.name,
              kind: i.kind === 'Emojis' ? 'emoji' : 'icon',
            })}
            label={
              <Group gap={6} wrap="nowrap" component="span">
                <Image src={i.imageUrl} alt="" w={28} h={28} fit="contain" />
                <span>{i.name}</span>
              </Group>
            }
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** A student's bought fonts and icons, one of each chosen to show with their name. */
export function CustomizationChooser({ name }: { name: string }) {
  const t = useT();
  const meta = useStoreMeta();
  return (
    <Card p="xl">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t('profile.customTitle')}
        </Title>
        <QueryState query={meta} loading={t('profile.customLoading')} size="section">
          {(m) => <Chooser meta={m} name={name} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
