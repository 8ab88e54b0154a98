import { useState } from 'react';
import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ActivityOptions, CustomActionInput } from '../../api';
import { useT } from '../../i18n';
import { ErrorNotice } from '../ErrorNotice';
import { customLeft } from './actionOrder';

interface Props {
  options: ActivityOptions;
  saving: boolean;
  error: string | null;
  onCreate: (body: CustomActionInput, done: () => void) => void;
  onCancel: () => void;
}

/** A teacher's own Bonus or Flag (up to the school's limit of each; the server says when it is reached). */
export function CustomActionForm({ options, saving, error, onCreate, onCancel }: Props) {
  const t = useT();
  const [category, setCategory] = useState<'Bonuses' | 'Flags'>('Bonuses');
  const [name, setName] = useState('');
  const [points, setPoints] = useState<number | string>(5);
  const left = customLeft(options, category);
  const flagPoints = options.flagPoints.nonAdmin;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: CustomActionInput = { name: name.trim(), category };
    if (category === 'Bonuses') body.points = Number(points) || 1;
    onCreate(body, () => setName(''));
  };

  return (
    <form onSubmit={submit} aria-label={t('giving.newCustom')}>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('giving.customKind')}
          value={category}
          onChange={(v) => setCategory(v as 'Bonuses' | 'Flags')}
          data={[
            { value: 'Bonuses', label: t('giving.bonus') },
            { value: 'Flags', label: t('giving.flag') },
          ]}
        />
        <Group align="flex-start" grow wrap="nowrap">
          <TextInput
            label={t('giving.name')}
            required
            maxLength={40}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {category === 'Bonuses' ? (
            <NumberInput
              label={t('giving.points')}
              min={1}
              max={50}
              clampBehavior="strict"
              allowDecimal={false}
              value={points}
              onChange={setPoints}
              maw={110}
            />
          ) : null}
        </Group>
        <Text fz="xs" c="dimmed">
          {category === 'Flags' ? t('giving.flagsTake', { count: flagPoints }) : null}
          {t('giving.customLeft', { left, limit: options.customLimit, kind: category })}
        </Text>
        {error ? <ErrorNotice title={t('giving.customNotAdded')} message={error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={saving} disabled={!name.trim()}>
            {t(category === 'Flags' ? 'giving.addFlag' : 'giving.addBonus')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
