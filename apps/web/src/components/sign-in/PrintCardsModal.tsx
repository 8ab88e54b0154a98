import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { CardPaper, SignInCardsBody } from '@app/domain';
import { api, isFailure } from '../../api';
import { download } from '../download';
import { ErrorNotice } from '../ErrorNotice';
import { FormAlert } from '../FormAlert';
import { useT } from '../../i18n';

/**
 * "Print sign-in cards" (docs/decisions/133-sign-in-cards.md), from a class page or Settings →
 * Users and roles: says that printing makes new cards and that the old ones stop working, then
 * downloads the PDF of the new ones.
 */
export function PrintCardsModal({
  opened,
  onClose,
  target,
  intro,
  fileName,
}: {
  opened: boolean;
  onClose: () => void;
  /** A class, or the students named. */
  target: SignInCardsBody;
  /** Whose cards: "A PDF with a card for each student of …". */
  intro: string;
  fileName: string;
}) {
  const t = useT();
  const [paper, setPaper] = useState<CardPaper>('letter');
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
    setBusy(true);
    const file = await api.signInCards.pdf({
      query: { periodId: target.periodId, studentIds: target.studentIds?.join(','), paper },
    });
    setBusy(false);
    if (isFailure(file)) return setError(file.message);
    download(fileName, file, 'application/pdf');
    setDone(true);
  };
  return (
    <Modal opened={opened} onClose={close} title={t('classroom.cards.print')}>
      <Stack>
        <Text fz="sm">{intro}</Text>
        <Text fz="sm" c="dimmed">
          {t('classroom.cards.contents')}
        </Text>
        <Alert color="yellow" variant="light" title={t('classroom.cards.warningTitle')}>
          {t('classroom.cards.warning')}
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
        {error ? <ErrorNotice title={t('classroom.cards.failed')} message={error} /> : null}
        <FormAlert ok text={done ? t('classroom.cards.done') : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t(done ? 'common.close' : 'common.cancel')}
          </Button>
          <Button onClick={() => void print()} loading={busy}>
            {t('classroom.cards.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
