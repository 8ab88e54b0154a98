import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemographicFlag, DemographicsAnswer, Sex } from '@app/domain';
import { afterDemographicsChange, api, queryKeys, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { useFormat, useT } from '../../i18n';
import { useUser } from '../../session';
import {
  bodyOfValues,
  CHOICES,
  flagLabelKey,
  PROGRAM_PART,
  RACE_PART,
  SEX_CHOICES,
  valuesOfAnswer,
  type Choice,
  type DemographicsValues,
} from './demographicsForm';

/** A student whose demographics an admin edits, from their row in Users and roles. */
export interface DemographicsFor {
  id: string;
  name: string;
}

/**
 * A student's demographics (issue 34): sensitive, so only an admin who may also read them (the
 * permission of the fairness report) opens this, from the student's row in Settings → Users.
 */
export function DemographicsModal({
  student,
  onClose,
}: {
  student: DemographicsFor | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      title={student ? t('settings.users.demographicsOf', { name: student.name }) : ''}
      size="lg"
    >
      {student ? <DemographicsLoader student={student} onClose={onClose} /> : null}
    </Modal>
  );
}

function DemographicsLoader({
  student,
  onClose,
}: {
  student: DemographicsFor;
  onClose: () => void;
}) {
  const t = useT();
  const q = useQuery({
    queryKey: queryKeys.demographics(student.id),
    queryFn: () => unwrap(api.students.demographics({ params: { studentId: student.id } })),
  });
  return (
    <QueryState query={q} size="section" loading={t('settings.demographics.loading')}>
      {(a) => <DemographicsEditor student={student} answer={a} onClose={onClose} />}
    </QueryState>
  );
}

function DemographicsEditor({
  student,
  answer,
  onClose,
}: {
  student: DemographicsFor;
  answer: DemographicsAnswer;
  onClose: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const timeZone = useUser()?.school.timeZone;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<DemographicsValues>(() => valuesOfAnswer(answer));
  const setFlag = (flag: DemographicFlag, c: Choice) =>
    setValues((v) => ({ ...v, flags: { ...v.flags, [flag]: c } }));
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.students.setDemographics({
          params: { studentId: student.id },
          body: bodyOfValues(values),
        }),
      ),
    onSuccess: (a) => {
      queryClient.setQueryData(queryKeys.demographics(student.id), a);
      void afterDemographicsChange(queryClient);
      notifications.show({
        color: 'teal',
        message: t('settings.demographics.saved', { name: student.name }),
      });
      onClose();
    },
  });
  const flagRow = (flag: DemographicFlag) => (
    <FlagChoice key={flag} flag={flag} value={values.flags[flag]} onChange={setFlag} />
  );
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('settings.demographics.note')}
      </Text>
      <Select
        label={t('labels.breakdown.sex')}
        allowDeselect={false}
        data={SEX_CHOICES.map((s) => ({ value: s, label: t(`labels.sex.${s}`) }))}
        value={values.sex}
        onChange={(s) => s && setValues((v) => ({ ...v, sex: s as Sex | 'unknown' }))}
      />
      <Part title={t('settings.demographics.races')}>{RACE_PART.map(flagRow)}</Part>
      {flagRow('hispanicOrLatinoEthnicity')}
      <Part title={t('settings.demographics.programs')}>{PROGRAM_PART.map(flagRow)}</Part>
      <Text size="xs" c="dimmed">
        {answer.updatedAt
          ? t('settings.demographics.updatedAt', { date: f.dateTime(answer.updatedAt, timeZone) })
          : t('settings.demographics.neverRecorded')}
      </Text>
      {save.isError ? (
        <ErrorNotice title={t('settings.demographics.notSaved')} message={save.error.message} />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          {t('settings.demographics.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} fz="sm">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One yes/no field with its third answer, not known. */
function FlagChoice({
  flag,
  value,
  onChange,
}: {
  flag: DemographicFlag;
  value: Choice;
  onChange: (flag: DemographicFlag, c: Choice) => void;
}) {
  const t = useT();
  return (
    <Radio.Group
      label={t(flagLabelKey(flag))}
      value={value}
      onChange={(c) => onChange(flag, c as Choice)}
    >
      <Group gap="md" mt={4}>
        {CHOICES.map((c) => (
          <Radio key={c} value={c} label={t(`labels.program.${c}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
