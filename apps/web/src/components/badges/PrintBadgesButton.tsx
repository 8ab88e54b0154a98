import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { allows, type BadgesBody } from '@app/domain';
import { useOptionalUser } from '../../session';
import { useOpenedOnce, usePrefetchWhenIdle } from '../lazyDialog';
import { badgesFileName } from './badgesFileName';

const loadModal = () => import('./PrintBadgesModal');
const PrintBadgesModal = lazy(() => loadModal().then((m) => ({ default: m.PrintBadgesModal })));

/** A "Print badges" button and its dialog, for whoever may print badges (nothing for others). */
export function PrintBadgesButton({
  label,
  target,
  intro,
  what,
  disabled = false,
  size,
}: {
  label: string;
  target: BadgesBody;
  intro: string;
  /** What the file is named after (a class), if anything. */
  what?: string;
  disabled?: boolean;
  size?: 'sm';
}) {
  const user = useOptionalUser();
  const [open, setOpen] = useState(false);
  const opened = open && !disabled;
  const drawn = useOpenedOnce(opened);
  usePrefetchWhenIdle(loadModal);
  if (!user || !allows(user, 'badges:print')) return null;
  return (
    <>
      <Button variant="light" size={size} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {drawn ? (
        <Suspense fallback={null}>
          <PrintBadgesModal
            opened={opened}
            onClose={() => setOpen(false)}
            target={target}
            intro={intro}
            fileName={badgesFileName(what)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
