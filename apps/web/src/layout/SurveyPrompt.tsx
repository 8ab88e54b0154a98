import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allows } from '@app/domain';
import {
  queryKeys,
  readStored,
  STORAGE_KEYS,
  surveys,
  unwrap,
  writeStored,
  type SessionUser,
} from '../api';

/** Whoever answers surveys (`surveys:answer`) is asked those of docs/spec.md section 9 (the server says which, and only once). */
const asked = (user: SessionUser) => allows(user, 'surveys:answer');

// The dialog's code (a modal, radios, its calls) loads only when there is a survey to ask.
const SurveyModal = lazy(() => import('./SurveyDialog').then((m) => ({ default: m.SurveyModal })));

/**
 * A short dialog after sign-in that asks one survey, once: answering or "No thanks" records it on
 * the server; closing it only puts it off to the next sign-in. The survey flag in local storage
 * (cleared at logout) keeps it from coming back in this session.
 */
export function SurveyPrompt({ user }: { user: SessionUser }) {
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
    <Suspense fallback={null}>
      <SurveyModal survey={survey} onClose={close} />
    </Suspense>
  );
}
