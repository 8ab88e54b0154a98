import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { afterSurveyAnswered, queryKeys, readStored, STORAGE_KEYS, surveys, unwrap, writeStored, type SessionUser, type Survey } from '../api';
import { ErrorNotice } from '../components/ErrorNotice';

/** Students and teachers are asked the surveys of spec section 9 (the server says which, and only once). */
const asked = (user: SessionUser) => user.roles.includes('STUDENT') || user.roles.includes('TEACHER');

function SurveyForm({ survey, onDone }: { survey: Survey; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (answer: string | null) => unwrap(surveys.answer(survey.name, answer)),
    onSuccess: (a) => {
      if (a.answer !== null) notifications.show({ color: 'teal', message: 'Thank you for your answer!' });
      onDone();
      void afterSurveyAnswered(queryClient);
    },
    // Answered elsewhere meanwhile (409) or gone: not worth asking again in this session.
    onError: () => onDone(),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (choice) send.mutate(choice);
      }}
    >
      <Stack>
        <Radio.Group label={survey.question} value={choice} onChange={setChoice}>
          <Stack gap="xs" mt="sm">
            {survey.choices.map((c) => (
              <Radio key={c.id} value={c.id} label={c.label} />
            ))}
          </Stack>
        </Radio.Group>
        {send.isError ? <ErrorNotice title="Answer not sent" message={send.error.message} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => send.mutate(null)} disabled={send.isPending}>
            No thanks
          </Button>
          <Button type="submit" disabled={!choice} loading={send.isPending}>
            Send answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A short dialog after sign-in that asks one survey, once: answering or "No thanks" records it on
 * the server; closing it only puts it off to the next sign-in. The survey flag in local storage
 * (cleared at logout) keeps it from coming back in this session.
 */
export function SurveyDialog({ user }: { user: SessionUser }) {
  const [shown, setShown] = useState(() => readStored(STORAGE_KEYS.surveyShown) !== null);
  const q = useQuery({
    queryKey: queryKeys.surveys.pending(user._id),
    queryFn: () => unwrap(surveys.pending()),
    enabled: asked(user) && !shown,
    staleTime: Infinity,
    retry: false,
  });
  const close = () => {
    writeStored(STORAGE_KEYS.surveyShown, 'true');
    setShown(true);
  };
  const survey = q.data?.survey ?? null;
  if (shown || !survey) return null;
  return (
    <Modal opened onClose={close} title={survey.title} centered>
      <SurveyForm survey={survey} onDone={close} />
    </Modal>
  );
}
