import { useQueries } from '@tanstack/react-query';
import { fullName } from '@app/domain';
import { queryKeys, school, unwrap, utility } from '../../../api';

/** The school's staff and students as Select options (value: user id), for tokens and invitations. */
export function useUserChoices() {
  const [staff, students] = useQueries({
    queries: [
      { queryKey: queryKeys.coTeacherChoices, queryFn: () => unwrap(utility.coTeachers()) },
      { queryKey: queryKeys.schoolStudents, queryFn: () => unwrap(school.students()) },
    ],
  });
  const data =
    staff.data && students.data
      ? [
          { group: 'Staff', items: staff.data.map((p) => ({ value: p._id, label: fullName(p) })) },
          {
            group: 'Students',
            items: students.data.map((p) => ({
              value: p._id,
              label: `${fullName(p)} (${p.externalId})`,
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
