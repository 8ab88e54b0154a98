import { Select } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { fullName } from '@app/domain';
import { api, queryKeys, unwrap } from '../../../api';
import { QueryState } from '../../../components/QueryState';
import { useT } from '../../../i18n';

/** The school's staff and students as Select options (value: user id), for tokens and invitations. */
function useUserChoices() {
  const t = useT();
  const [staff, students] = useQueries({
    queries: [
      { queryKey: queryKeys.coTeacherChoices, queryFn: () => unwrap(api.utility.coTeachers()) },
      { queryKey: queryKeys.schoolStudents, queryFn: () => unwrap(api.school.students()) },
    ],
  });
  const data =
    staff.data && students.data
      ? [
          {
            group: t('settings.invite.staff'),
            items: staff.data.map((p) => ({ value: p._id, label: fullName(p) })),
          },
          {
            group: t('settings.invite.students'),
            items: students.data.map((p) => ({
              value: p._id,
              label: t('settings.invite.studentOption', { name: fullName(p), id: p.externalId }),
            })),
          },
        ]
      : undefined;
  return {
    data,
    error: staff.error ?? students.error,
    isPending: staff.isPending || students.isPending,
  };
}

/** The user a school token signs in as, or an invitation is for: one of the school's staff or students. */
export function UserSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  /** The user chosen, and their name as the list shows it. */
  onChange: (userId: string | null, label?: string) => void;
}) {
  const t = useT();
  const users = useUserChoices();
  return (
    <QueryState query={users} loading={t('settings.invite.loadingUsers')} size="section">
      {(groups) => (
        <Select
          label={label}
          placeholder={t('settings.invite.chooseUser')}
          searchable
          data={groups}
          value={value}
          onChange={(v, option) => onChange(v, option?.label)}
          required
        />
      )}
    </QueryState>
  );
}
