import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Collapse, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import type {
  ActivityOption,
  ActivityOptions,
  CalendarView,
  BulkGiveBody,
  GiveResult,
} from '../../api';
import { ErrorNotice } from '../ErrorNotice';
import { useOpenedOnce, usePrefetchWhenIdle } from '../lazyDialog';
import { useLatestCallback } from '../useLatestCallback';
import { QueryState } from '../QueryState';
import { givableActions, toggleId } from './actionOrder';
import { ActionPicker } from './ActionPicker';
import { CommentField } from './CommentField';
import { GiveBar } from './GiveBar';
import { giveDateProblem } from './giveDate';
import { GiveDateField } from './GiveDateField';
import {
  actionsSummary,
  confirmText,
  giveButtonLabel,
  hasTarget,
  needsConfirmation,
  targetSummary,
  type GiveTarget,
} from './giveText';
import { primeAudio } from './sounds';
import { useActionOptions } from './useActionOptions';
import { useFormat, useT } from '../../i18n';
import { useGive } from './useGive';

const loadCustomForm = () => import('./CustomActionForm');
/** The custom action's form loads on first use (and when the page is idle): few gives need it. */
const CustomActionForm = lazy(() =>
  loadCustomForm().then((m) => ({ default: m.CustomActionForm })),
);

export type GiveSelectors = Omit<BulkGiveBody, 'activityTypes' | 'date' | 'comment'>;

interface Props {
  target: GiveTarget;
  selectors: GiveSelectors;
  calendar: CalendarView;
  date: string;
  onDateChange: (date: string) => void;
  /**
   * After a give: the page clears its selection and moves focus somewhere sensible (the Give
   * button goes away with the selection).
   */
  onGiven?: (r: GiveResult) => void;
  /** Offers "Clear" in the action bar (the page clears its selection and moves focus). */
  onClear?: () => void;
}

/**
 * The action panel: choose Bonuses or Flags, then Give; an optional comment and the date. While
 * someone is chosen, the Give button sits in the action bar at the bottom of the window, next in
 * the Tab order after the actions (the comment and date come after it), so a keyboard user gives
 * with Tab, an arrow or two, Enter, Tab, Enter.
 */
export function GivePanel({
  target,
  selectors,
  calendar,
  date,
  onDateChange,
  onGiven,
  onClear,
}: Props) {
  const t = useT();
  const choice = useGiveChoice({ target, selectors, calendar, date, onGiven });
  const { options, togglePinned, createCustom, setChosen, comment, setComment } = choice;
  const { picked, label, someone, removeCustom } = choice;
  const [adding, setAdding] = useState(false);
  // Kept identities: the memoized actions are not redrawn by a tap on the roster.
  const toggleChosen = useLatestCallback((id: string) => setChosen((c) => toggleId(c, id)));
  const pin = useLatestCallback(togglePinned);
  const deleteCustom = useLatestCallback(removeCustom);
  const toolbarRef = useRef<HTMLDivElement>(null);
  // On a phone the actions may be out of view (below the roster) when students are chosen.
  const { ref: pickerRef, entry: pickerEntry } = useIntersection<HTMLDivElement>({
    threshold: 0.1,
  });
  const toActions = () => toolbarRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  const actionsOutOfView = pickerEntry !== null && !pickerEntry.isIntersecting;
  const bar = someone ? (
    <ActionBar
      choice={choice}
      target={target}
      calendar={calendar}
      date={date}
      onClear={onClear}
      toActions={
        picked.length === 0 && actionsOutOfView
          ? { below: (pickerEntry?.boundingClientRect.top ?? 0) > 0, go: toActions }
          : null
      }
    />
  ) : null;

  return (
    <Card p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('giving.title')}
        </Title>
        <QueryState query={options} size="section" loading={t('giving.loadingActions')}>
          {(actions) => (
            <>
              <div ref={pickerRef}>
                <ActionPicker
                  options={actions}
                  chosen={picked}
                  onToggle={toggleChosen}
                  onPin={pin}
                  onDeleteCustom={deleteCustom}
                  toolbarRef={toolbarRef}
                />
              </div>
              {bar}
              {actions.canCreateCustomActions ? (
                <NewCustomAction
                  options={actions}
                  adding={adding}
                  setAdding={setAdding}
                  createCustom={createCustom}
                  onCreated={(id) => setChosen((c) => [...c, id])}
                />
              ) : null}
            </>
          )}
        </QueryState>
        <CommentField value={comment} onChange={setComment} />
        <GiveDateField calendar={calendar} value={date} onChange={onDateChange} />
        {someone ? null : (
          <>
            <Button size="md" fullWidth disabled aria-label={label}>
              {label}
            </Button>
            <Text fz="xs" c="dimmed" ta="center">
              {t('giving.chooseWhoFirst')}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** What is chosen and the give itself: the actions, the comment, the confirmation, and what is ready. */
function useGiveChoice({
  target,
  selectors,
  calendar,
  date,
  onGiven,
}: Pick<Props, 'target' | 'selectors' | 'calendar' | 'date' | 'onGiven'>) {
  const t = useT();
  const f = useFormat();
  const { options, togglePinned, createCustom, deleteCustom } = useActionOptions();
  const [chosen, setChosen] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  // Set in the tap itself: the button shows the give under way in the tap's own frame. (The
  // mutation's pending state arrives a task later; on a phone the tap then waited for a later
  // paint, INP 350 ms.)
  const [sending, setSending] = useState(false);
  const give = useGive((r) => {
    setChosen([]);
    setComment('');
    onGiven?.(r);
  });

  const busy = sending || give.isPending;
  const offered = options.data ? givableActions(options.data) : [];
  const pickedActions = chosen
    .map((id) => offered.find((a) => a._id === id))
    .filter((a): a is ActivityOption => Boolean(a));
  const picked = pickedActions.map((a) => a._id);
  const label = giveButtonLabel(t, target);
  const dateProblem = giveDateProblem(t, f.longDate, calendar, date);
  const someone = hasTarget(target);
  const ready = someone && picked.length > 0 && !dateProblem && !busy;

  const pointsEach = pickedActions.reduce((n, a) => n + a.points, 0);
  const submit = () => {
    primeAudio();
    setConfirming(false);
    setSending(true);
    give.mutate(
      { ...selectors, activityTypes: picked, date, comment: comment.trim() || undefined },
      { onSettled: () => setSending(false) },
    );
  };
  const onGive = () => (needsConfirmation(target, pointsEach) ? setConfirming(true) : submit());
  const removeCustom = (a: ActivityOption) => {
    setChosen((c) => c.filter((id) => id !== a._id));
    deleteCustom.mutate(a._id);
  };
  return {
    options,
    togglePinned,
    createCustom,
    setChosen,
    comment,
    setComment,
    confirming,
    setConfirming,
    confirmRef,
    give,
    busy,
    pickedActions,
    picked,
    label,
    dateProblem,
    someone,
    ready,
    pointsEach,
    submit,
    onGive,
    removeCustom,
  };
}

/** The action bar while someone is chosen: who and what, problems, the confirmation, and Give. */
function ActionBar({
  choice,
  target,
  calendar,
  date,
  onClear,
  toActions,
}: Pick<Props, 'target' | 'calendar' | 'date' | 'onClear'> & {
  choice: ReturnType<typeof useGiveChoice>;
  /** When no action is chosen and the actions are out of view: a button that goes to them. */
  toActions: { below: boolean; go: () => void } | null;
}) {
  const t = useT();
  const f = useFormat();
  const { give, dateProblem, confirming, ready, pointsEach, pickedActions, label } = choice;
  return (
    <GiveBar
      who={targetSummary(t, target)}
      what={actionsSummary(t, pickedActions)}
      pointsEach={pointsEach}
      day={date !== calendar.today ? f.mediumDate(date) : null}
      above={
        <>
          {give.isError ? (
            <ErrorNotice title={t('giving.nothingGiven')} message={give.error.message} />
          ) : null}
          {dateProblem ? (
            <Text fz="sm" c="red">
              {dateProblem}
            </Text>
          ) : null}
          {confirming && ready ? <ConfirmGive choice={choice} target={target} /> : null}
        </>
      }
    >
      {toActions ? (
        <Button size="md" variant="light" onClick={toActions.go}>
          {t(toActions.below ? 'giving.choosePointsBelow' : 'giving.choosePointsAbove')}
        </Button>
      ) : confirming && ready ? null : (
        <Button
          size="md"
          onClick={choice.onGive}
          disabled={!ready}
          loading={choice.busy}
          aria-label={label}
        >
          {label}
        </Button>
      )}
      {onClear ? (
        <Button variant="subtle" size="md" px="sm" onClick={onClear}>
          {t('giving.clear')}
        </Button>
      ) : null}
    </GiveBar>
  );
}

/** A give that needs a second look (many students, or points taken): yes or cancel. */
function ConfirmGive({
  choice: { pointsEach, confirmRef, submit, setConfirming },
  target,
}: {
  choice: ReturnType<typeof useGiveChoice>;
  target: GiveTarget;
}) {
  const t = useT();
  return (
    <Alert
      color={pointsEach < 0 ? 'red' : 'grape'}
      title={t('giving.pleaseConfirm')}
      role="alertdialog"
      aria-label={t('giving.pleaseConfirm')}
    >
      <Stack gap="sm">
        <Text fz="sm">{confirmText(t, target, pointsEach)}</Text>
        <Group gap="sm">
          <Button ref={confirmRef} onClick={submit}>
            {t(pointsEach < 0 ? 'giving.yesTake' : 'giving.yesGive')}
          </Button>
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** "New custom action" and its form; a created action is chosen at once. */
function NewCustomAction({
  options,
  adding,
  setAdding,
  createCustom,
  onCreated,
}: {
  options: ActivityOptions;
  adding: boolean;
  setAdding: (adding: boolean) => void;
  createCustom: ReturnType<typeof useActionOptions>['createCustom'];
  onCreated: (id: string) => void;
}) {
  const t = useT();
  // The form is drawn from its first opening on (it keeps its closing slide): mounted hidden, its
  // segmented control measured itself when the page first drew, a forced layout of the whole page.
  const drawn = useOpenedOnce(adding);
  usePrefetchWhenIdle(loadCustomForm);
  return (
    <>
      {!adding ? (
        <Group>
          <Button size="xs" variant="subtle" onClick={() => setAdding(true)}>
            {t('giving.newCustom')}
          </Button>
        </Group>
      ) : null}
      <Collapse in={adding}>
        {drawn ? (
          <Suspense fallback={null}>
            <CustomActionForm
              options={options}
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
                    onCreated(created._id);
                  },
                })
              }
            />
          </Suspense>
        ) : null}
        <Divider mt="md" />
      </Collapse>
    </>
  );
}
