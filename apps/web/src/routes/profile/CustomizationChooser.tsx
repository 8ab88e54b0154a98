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
  store,
  unwrap,
  type ProfileCustomizationBody,
  type StoreMeta,
} from '../../api';
import { QueryState } from '../../components/QueryState';
import { CustomName } from '../../components/customization/CustomName';
import { loadFont } from '../../components/customization/fonts';
import { useStoreMeta } from '../../components/customization/useCustomization';

const NONE = 'none';

function Chooser({ meta, name }: { meta: StoreMeta; name: string }) {
  const queryClient = useQueryClient();
  const fonts = meta.fonts.filter((f) => f.owned);
  const icons = meta.icons.filter((i) => i.owned);
  const [fontId, setFontId] = useState(meta.chosenFont ?? NONE);
  const [iconId, setIconId] = useState(meta.chosenIcon ?? NONE);
  useEffect(() => {
    for (const f of meta.fonts) if (f.owned) void loadFont(f.id);
  }, [meta.fonts]);
  const save = useMutation({
    mutationFn: (body: ProfileCustomizationBody) => unwrap(store.setCustomization(body)),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'Your font and icon are saved.' });
      void afterStoreMetaChange(queryClient);
    },
  });
  const font = fonts.find((f) => f.id === fontId) ?? null;
  const icon = icons.find((i) => i.id === iconId) ?? null;
  const changed = fontId !== (meta.chosenFont ?? NONE) || iconId !== (meta.chosenIcon ?? NONE);

  if (!fonts.length && !icons.length)
    return (
      <Text c="dimmed">
        You have no fonts or icons yet. Get them in{' '}
        <Anchor component={Link} to="/store?tab=customize">
          My Store
        </Anchor>
        : some are free.
      </Text>
    );

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Text fz="sm" c="dimmed">
          Preview:
        </Text>
        <Text fz="xl" fw={600} component="div">
          <CustomName customization={{ font, icon }} iconSize={28}>
            {name}
          </CustomName>
        </Text>
      </Group>
      <Radio.Group
        label="Font"
        value={fontId}
        onChange={setFontId}
        description={fonts.length ? undefined : 'No fonts bought yet.'}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
          <Radio value={NONE} label="The app's font" />
          {fonts.map((f) => (
            <Radio
              key={f.id}
              value={f.id}
              label={<span style={{ fontFamily: f.fontFamily, fontSize: 18 }}>{f.name}</span>}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Radio.Group
        label="Icon"
        value={iconId}
        onChange={setIconId}
        description={icons.length ? undefined : 'No icons bought yet.'}
      >
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="xs" mt="xs">
          <Radio value={NONE} label="No icon" />
          {icons.map((i) => (
            <Radio
              key={i.id}
              value={i.id}
              aria-label={`${i.name} ${i.kind === 'Emojis' ? 'emoji' : 'icon'}`}
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
      {save.isError ? (
        <Alert color="red" variant="light" title="Not saved">
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
          Save font and icon
        </Button>
        <Anchor component={Link} to="/store?tab=customize" fz="sm">
          Get more in My Store
        </Anchor>
      </Group>
    </Stack>
  );
}

/** A student's bought fonts and icons, one of each chosen to show with their name. */
export function CustomizationChooser({ name }: { name: string }) {
  const meta = useStoreMeta();
  return (
    <Card p="xl">
      <Stack gap="md">
        <Title order={2} fz="h3">
          Font and icon
        </Title>
        <QueryState query={meta} loading="Loading your fonts and icons" size="section">
          {(m) => <Chooser meta={m} name={name} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
