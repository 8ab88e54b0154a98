import { useState } from 'react';
import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fullName } from '@app/domain';
import { afterAbsence, api, Attempts, unwrap, type ClassStudentStats } from '../../api';
import { useT } from '../../i18n';

/** Marks a student absent (or present again) on the chosen day; a retried switch keeps its Idempotency-Key. */
export function AbsentSwitch({
  student,
  date,
  tabIndex,
  onFocus,
}: {
  student: ClassStudentStats;
  date: string;
  tabIndex?: number;
  onFocus?: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [attempts] = useState(() => new Attempts());
  const toggle = useMutation({
    mutationFn: (absent: boolean) => {
      const key = attempts.keyFor({ student: student._id, date, absent });
      const input = {
        params: { id: student._id },
        query: { date },
        headers: { 'idempotency-key': key },
      };
      return unwrap(absent ? api.activity.markAbsent(input) : api.activity.unmarkAbsent(input));
    },
    onSuccess: () => attempts.done(),
    onError: (err) =>
      notifications.show({
        color: 'red',
        title: t('classroom.attendanceNotChanged'),
        message: err.message,
      }),
    onSettled: () => afterAbsence(queryClient),
  });
  const checked = toggle.isPending ? Boolean(toggle.variables) : student.absent;
  return (
    <Switch
      size="sm"
      color="orange"
      checked={checked}
      disabled={toggle.isPending}
      onChange={(e) => toggle.mutate(e.currentTarget.checked)}
      tabIndex={tabIndex}
      onFocus={onFocus}
      aria-label={t('classroom.absentName', { name: fullName(student) })}
    />
  );
}
