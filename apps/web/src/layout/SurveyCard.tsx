import { useId, useState } from 'react';
import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SURVEY_WORDS } from '@app/domain';
import { afterSurveyAnswered, api, unwrap, type Survey } from '../api';
import { useT } from '../i18n';

/** A survey's words in the screens' language (the server sends surveys.ts's English). */
function useSurveyText(): (text: string) => string {
  const t = useT();
  return (text) => {
    const key = SURVEY_WORDS[text];
    return key ? t(key) : text;
  };
}

/**
 * The survey as a small card at the top of the page's content, never in front of it
 * (docs/decisions/134-surveys-never-in-the-way.md): it may be answered, dismissed with "No
 * thanks" (no survey for 30 days) or left alone while the page is used. Loaded only when there is
 * a survey to ask (SurveyPrompt).
 */
export function SurveyCard({ survey, onDone }: { survey: Survey; onDone: () => void }) {
  const t = useT();
  const say = useSurveyText();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (answer: string | null) =>
      unwrap(api.surveys.answer({ params: { name: survey.name }, body: { answer } })),
    onSuccess: (a) => {
      if (a.answer !== null)
        notifications.show({ color: 'teal', message: t('layout.surveyThanks') });
      onDone();
      void afterSurveyAnswered(queryClient);
    },
    // Answered elsewhere meanwhile (409) or gone: said once, and not asked again in this session.
    onError: (e) => {
      notifications.show({ color: 'red', title: t('layout.surveyNotSent'), message: e.message });
      onDone();
    },
  });
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="sm"
      mb="md"
      data-survey-card
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (choice) send.mutate(choice);
        }}
      >
        <Stack gap="xs">
          <Text fw={600} id={titleId}>
            {say(survey.title)}
          </Text>
          <Radio.Group label={say(survey.question)} value={choice} onChange={setChoice}>
            <Group gap="md" mt={6}>
              {survey.choices.map((c) => (
                <Radio key={c.id} value={c.id} label={say(c.label)} />
              ))}
            </Group>
          </Radio.Group>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {t('layout.surveyOptional')}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => send.mutate(null)}
                disabled={send.isPending}
              >
                {t('layout.surveyNoThanks')}
              </Button>
              <Button size="xs" type="submit" disabled={!choice} loading={send.isPending}>
                {t('layout.surveySend')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
