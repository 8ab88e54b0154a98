import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type SessionUser } from '@app/domain';
import { api, queryKeys, readStored, STORAGE_KEYS, unwrap } from '../../api';
import { useT } from '../../i18n';

const BROWSER = 'browser';

/** The user's language: their choice, kept on the server, or the browser's. */
export function LanguagePicker({ user }: { user: SessionUser }) {
  const t = useT();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (language: SessionUser['language']) =>
      unwrap(api.profile.setLanguage({ body: { language } })),
    onSuccess: ({ language }) =>
      queryClient.setQueryData<SessionUser>(
        queryKeys.session(readStored(STORAGE_KEYS.token)),
        (u) => (u ? { ...u, language } : u),
      ),
    onError: (e: Error) => notifications.show({ color: 'red', message: e.message }),
  });
  return (
    <Select
      label={t('common.language')}
      maw={320}
      allowDeselect={false}
      value={user.language ?? BROWSER}
      disabled={save.isPending}
      data={[
        { value: BROWSER, label: t('common.languageBrowser') },
        // Each language by its own name, whatever the screens' language.
        ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
      ]}
      onChange={(v) => save.mutate(isLanguage(v) ? v : null)}
    />
  );
}
