import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { BadgesBody } from '@app/domain';
import { api, isFailure } from '../../api';
import { download } from '../download';
import { ErrorNotice } from '../ErrorNotice';
import { FormAlert } from '../FormAlert';
import { useT } from '../../i18n';

/**
 * "Print badges" (issue 35), from a class page or Settings → Users and roles: the PDF of the
 * students' badges. Printing keeps each student's code (a first printing makes it), so old badges
 * keep working; nothing to confirm.
 */
export function PrintBadgesModal({
  opened,
  onClose,
  target,
  intro,
  fileName,
}: {
  opened: boolean;
  onClose: () => void;
  /** A class, or the students named. */
  target: BadgesBody;
  /** Whose badges: "A PDF with a badge for each student of …". */
  intro: string;
  fileName: string;
}) {
  const t = useT();
  const [paper, setPaper] = useState<'letter' | 'a4'>('letter');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const close = () => {
    setError(null);
    setDone(false);
    onClose();
  };
  const print = async () => {
    setError(null);
    setDone(false);
    setBusy(true);
    const file = await api.badges.pdf({
      query: { periodId: target.periodId, studentIds: target.studentIds?.join(','), paper },
    });
    setBusy(false);
    if (isFailure(file)) return setError(file.message);
    download(fileName, file, 'application/pdf');
    setDone(true);
  };
  return (
    <Modal opened={opened} onClose={close} title={t('scan.badges.print')}>
      <Stack>
        <Text fz="sm">{intro}</Text>
        <Alert color="blue" variant="light">
          {t('scan.badges.keep')}
        </Alert>
        <Radio.Group
          label={t('classroom.cards.paper')}
          value={paper}
          onChange={(v) => setPaper(v === 'a4' ? 'a4' : 'letter')}
        >
          <Group mt="xs">
            <Radio value="letter" label={t('classroom.cards.letter')} />
            <Radio value="a4" label={t('classroom.cards.a4')} />
          </Group>
        </Radio.Group>
        {error ? <ErrorNotice title={t('scan.badges.failed')} message={error} /> : null}
        <FormAlert ok text={done ? t('scan.badges.done') : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t(done ? 'common.close' : 'common.cancel')}
          </Button>
          <Button onClick={() => void print()} loading={busy}>
            {t('scan.badges.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
