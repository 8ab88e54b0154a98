import { lazy, Suspense, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { allows } from '@app/domain';
import type { PeriodDetail } from '../../api';
import { PrintBadgesButton } from '../../components/badges/PrintBadgesButton';
import { useLabels } from '../../components/giving/labels';
import { useOpenedOnce, usePrefetchWhenIdle } from '../../components/lazyDialog';
import { useT } from '../../i18n';
import { useUser } from '../../session';

// Loaded on first use (and when the page is idle), not with the class page.
const loadCards = () => import('../../components/sign-in/PrintCardsModal');
const loadPassword = () => import('../../components/sign-in/StudentPasswordModal');
const PrintCardsModal = lazy(() => loadCards().then((m) => ({ default: m.PrintCardsModal })));
const StudentPasswordModal = lazy(() =>
  loadPassword().then((m) => ({ default: m.StudentPasswordModal })),
);
const loadBoth = () => Promise.all([loadCards(), loadPassword()]);

/**
 * The class's sign-in actions (docs/decisions/133-sign-in-cards.md), for whoever may give its
 * students a way to sign in: print the class's sign-in cards, set a student's password; and its
 * badges (issue 35), for whoever may print them.
 */
export function SignInActions({ period }: { period: PeriodDetail }) {
  const t = useT();
  const labels = useLabels();
  const user = useUser();
  const [printing, setPrinting] = useState(false);
  const [password, setPassword] = useState(false);
  const cardsDrawn = useOpenedOnce(printing);
  const passwordDrawn = useOpenedOnce(password);
  const signIn = user !== null && allows(user, 'students:signIn');
  usePrefetchWhenIdle(() => (signIn ? loadBoth() : Promise.resolve()));
  if (!signIn && !(user && allows(user, 'badges:print'))) return null;
  const className = t('classroom.classTitle', {
    period: labels.period(period.periodNumber),
    name: period.name,
  });
  const fileName = `sign-in-cards-${className
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.pdf`;
  return (
    <Group gap="xs" mt="xl">
      {signIn ? (
        <>
          <Button variant="light" size="sm" onClick={() => setPrinting(true)}>
            {t('classroom.cards.print')}
          </Button>
          <Button variant="default" size="sm" onClick={() => setPassword(true)}>
            {t('classroom.password.open')}
          </Button>
        </>
      ) : null}
      <PrintBadgesButton
        label={t('scan.badges.print')}
        size="sm"
        target={{ periodId: period._id }}
        intro={t('scan.badges.introClass', { name: className })}
        what={className}
      />
      <Suspense fallback={null}>
        {cardsDrawn ? (
          <PrintCardsModal
            opened={printing}
            onClose={() => setPrinting(false)}
            target={{ periodId: period._id }}
            intro={t('classroom.cards.introClass', { name: className })}
            fileName={fileName}
          />
        ) : null}
        {passwordDrawn ? (
          <StudentPasswordModal
            opened={password}
            onClose={() => setPassword(false)}
            students={period.students
              .map((s) => ({ id: s._id, name: `${s.firstName} ${s.lastName}`, last: s.lastName }))
              .sort((a, b) => a.last.localeCompare(b.last) || a.name.localeCompare(b.name))}
          />
        ) : null}
      </Suspense>
    </Group>
  );
}
