import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SURVEY_WORDS } from '@app/domain';
import { afterSurveyAnswered, surveys, unwrap, type Survey } from '../api';
import { ErrorNotice } from '../components/ErrorNotice';
import { useT } from '../i18n';

/** A survey's words in the screens' language (the server sends surveys.ts's English). */
function useSurveyText(): (text: string) => string {
  const t = useT();
  return (text) => {
    const key = SURVEY_WORDS[text];
    return key ? t(key) : text;
  };
}

function SurveyForm({ survey, onDone }: { survey: Survey; onDone: () => void }) {
  const t = useT();
  const say = useSurveyText();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (answer: string | null) => unwrap(surveys.answer(survey.name, answer)),
    onSuccess: (a) => {
      if (a.answer !== null)
        notifications.show({ color: 'teal', message: t('layout.surveyThanks') });
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
        <Radio.Group label={say(survey.question)} value={choice} onChange={setChoice}>
          <Stack gap="xs" mt="sm">
            {survey.choices.map((c) => (
              <Radio key={c.id} value={c.id} label={say(c.label)} />
            ))}
          </Stack>
        </Radio.Group>
        {send.isError ? (
          <ErrorNotice title={t('layout.surveyNotSent')} message={send.error.message} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => send.mutate(null)} disabled={send.isPending}>
            {t('layout.surveyNoThanks')}
          </Button>
          <Button type="submit" disabled={!choice} loading={send.isPending}>
            {t('layout.surveySend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The survey's dialog: loaded only when there is a survey to ask (SurveyPrompt). */
export function SurveyModal({ survey, onClose }: { survey: Survey; onClose: () => void }) {
  const say = useSurveyText();
  return (
    <Modal opened onClose={onClose} title={say(survey.title)} centered>
      <SurveyForm survey={survey} onDone={onClose} />
    </Modal>
  );
}
