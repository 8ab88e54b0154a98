import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allows } from '@app/domain';
import {
  api,
  queryKeys,
  readStored,
  STORAGE_KEYS,
  unwrap,
  writeStored,
  type SessionUser,
} from '../api';

/** Whoever answers surveys (`surveys:answer`) is asked those of docs/spec.md section 9 (the server says which, and when). */
const asked = (user: SessionUser) => allows(user, 'surveys:answer');

// The card's code (radios, its calls) loads only when there is a survey to ask.
const SurveyCard = lazy(() => import('./SurveyCard').then((m) => ({ default: m.SurveyCard })));

/**
 * A small card at the top of the page's content that asks one survey and never blocks the page
 * (docs/decisions/134-surveys-never-in-the-way.md): answering records it, "No thanks" keeps
 * surveys away for 30 days, left alone it stays on the pages of this sign-in and is asked again at
 * the next. Once answered or dismissed, the survey flag in local storage (cleared at logout) keeps
 * another from showing in this session.
 */
export function SurveyPrompt({ user }: { user: SessionUser }) {
  const [shown, setShown] = useState(() => readStored(STORAGE_KEYS.surveyShown) !== null);
  const q = useQuery({
    queryKey: queryKeys.surveys.pending(user._id),
    queryFn: () => unwrap(api.surveys.pending()),
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
    <Suspense fallback={null}>
      <SurveyCard survey={survey} onDone={close} />
    </Suspense>
  );
}
