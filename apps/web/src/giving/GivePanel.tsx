import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Collapse, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ActivityOption, CalendarView, BulkGiveBody, GiveResult } from '../api';
import { ErrorNotice } from '../components/ErrorNotice';
import { givableActions, toggleId } from './actionOrder';
import { ActionPicker } from './ActionPicker';
import { CommentField } from './CommentField';
import { CustomActionForm } from './CustomActionForm';
import { giveDateProblem } from './giveDate';
import { GiveDateField } from './GiveDateField';
import { confirmText, giveButtonLabel, hasTarget, needsConfirmation, type GiveTarget } from './giveText';
import { primeAudio } from './sounds';
import { useActionOptions } from './useActionOptions';
import { useGive } from './useGive';
import { Spinner } from '../components/Spinner';

export type GiveSelectors = Omit<BulkGiveBody, 'activityTypes' | 'date' | 'comment'>;

interface Props {
  target: GiveTarget;
  selectors: GiveSelectors;
  calendar: CalendarView;
  date: string;
  onDateChange: (date: string) => void;
  onGiven?: (r: GiveResult) => void;
}

/** The action panel: choose Bonuses or Flags, an optional comment and the date, then Give. */
export function GivePanel({ target, selectors, calendar, date, onDateChange, onGiven }: Props) {
  const { options, togglePinned, createCustom, deleteCustom } = useActionOptions();
  const [chosen, setChosen] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const give = useGive((r) => {
    setChosen([]);
    setComment('');
    onGiven?.(r);
  });

  const offered = options.data ? givableActions(options.data) : [];
  const picked = chosen.filter((id) => offered.some((a) => a._id === id));
  const label = giveButtonLabel(target);
  const dateProblem = giveDateProblem(calendar, date);
  const ready = hasTarget(target) && picked.length > 0 && !dateProblem && !give.isPending;

  const pointsEach = offered.filter((a) => picked.includes(a._id)).reduce((n, a) => n + a.points, 0);
  const submit = () => {
    primeAudio();
    setConfirming(false);
    give.mutate({ ...selectors, activityTypes: picked, date, comment: comment.trim() || undefined });
  };
  const onGive = () => (needsConfirmation(target, pointsEach) ? setConfirming(true) : submit());
  const removeCustom = (a: ActivityOption) => {
    setChosen((c) => c.filter((id) => id !== a._id));
    deleteCustom.mutate(a._id);
  };

  return (
    <Card p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg">
            Give points
          </Title>
          {options.data?.canCreateCustomActions && !adding ? (
            <Button size="xs" variant="subtle" onClick={() => setAdding(true)}>
              New custom action
            </Button>
          ) : null}
        </Group>
        {options.isPending ? (
          <Group justify="center" py="md">
            <Spinner size="sm" label="Loading actions" />
          </Group>
        ) : options.isError ? (
          <ErrorNotice message={options.error.message} />
        ) : (
          <>
            <Collapse in={adding}>
              <CustomActionForm
                options={options.data}
                saving={createCustom.isPending}
                error={createCustom.isError ? createCustom.error.message : null}
                onCancel={() => {
                  setAdding(false);
                  createCustom.reset();
                }}
                onCreate={(body, done) =>
                  createCustom.mutate(body, {
                    onSuccess: (created) => {
                      done();
                      setAdding(false);
                      setChosen((c) => [...c, created._id]);
                    },
                  })
                }
              />
              <Divider mt="md" />
            </Collapse>
            <ActionPicker
              options={options.data}
              chosen={picked}
              onToggle={(id) => setChosen((c) => toggleId(c, id))}
              onPin={togglePinned}
              onDeleteCustom={removeCustom}
            />
          </>
        )}
        <CommentField value={comment} onChange={setComment} />
        <GiveDateField calendar={calendar} value={date} onChange={onDateChange} />
        {give.isError ? <ErrorNotice title="Nothing was given" message={give.error.message} /> : null}
        {confirming && ready ? (
          <Alert color={pointsEach < 0 ? 'red' : 'grape'} title="Please confirm" role="alertdialog" aria-label="Please confirm">
            <Stack gap="sm">
              <Text fz="sm">{confirmText(target, pointsEach)}</Text>
              <Group gap="sm">
                <Button ref={confirmRef} onClick={submit}>
                  Yes, {pointsEach < 0 ? 'take them' : 'give them'}
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Button size="md" fullWidth onClick={onGive} disabled={!ready} loading={give.isPending} aria-label={label}>
            {label}
          </Button>
        )}
        {!hasTarget(target) ? (
          <Text fz="xs" c="dimmed" ta="center">
            Choose who receives the points first.
          </Text>
        ) : picked.length === 0 ? (
          <Text fz="xs" c="dimmed" ta="center">
            Choose at least one bonus or flag.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
