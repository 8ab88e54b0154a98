import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  afterActionOptionsChange,
  api,
  queryKeys,
  unwrap,
  type ActivityOptions,
  type CustomActionInput,
} from '../../api';
import { useT } from '../../i18n';
import { useUser } from '../../session';
import { togglePin } from './actionOrder';

const KEY = queryKeys.activityOptions;

/** The actions the user may give, with pinning (power actions) and their own custom actions. */
export function useActionOptions() {
  const t = useT();
  const user = useUser();
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: KEY, queryFn: () => unwrap(api.activity.options()) });
  const refresh = () => afterActionOptionsChange(queryClient);

  const pin = useMutation({
    mutationFn: (next: string[]) =>
      unwrap(
        api.settings.setPowerActions({
          params: { id: user?._id ?? '' },
          body: { powerActions: next },
        }),
      ),
    onMutate: (next) => {
      // Pinning answers at once; the server's list replaces this guess.
      queryClient.setQueryData<ActivityOptions>(KEY, (old) =>
        old ? { ...old, powerActions: next } : old,
      );
    },
    onError: (err) => notifications.show({ color: 'red', message: err.message }),
    onSettled: refresh,
  });

  const createCustom = useMutation({
    mutationFn: (body: CustomActionInput) => unwrap(api.activity.createCustom({ body })),
    onSuccess: (created) => {
      notifications.show({
        color: 'teal',
        message: t('giving.customAdded', { kind: created.category, name: created.name }),
      });
      void refresh();
    },
  });

  const deleteCustom = useMutation({
    mutationFn: (typeId: string) => unwrap(api.activity.deleteCustom({ params: { id: typeId } })),
    onSuccess: () => void refresh(),
    onError: (err) => notifications.show({ color: 'red', message: err.message }),
  });

  const togglePinned = (typeId: string) => {
    const current = queryClient.getQueryData<ActivityOptions>(KEY)?.powerActions ?? [];
    pin.mutate(togglePin(current, typeId));
  };

  return { options, togglePinned, createCustom, deleteCustom };
}
