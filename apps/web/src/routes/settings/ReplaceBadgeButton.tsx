import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../api';
import { badgesFileName } from '../../components/badges/badgesFileName';
import { PrintBadgesModal } from '../../components/badges/PrintBadgesModal';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FormAlert } from '../../components/FormAlert';
import { useT } from '../../i18n';

/**
 * "Replace badge" (issue 35), an admin's, on a student's row of Users and roles: a lost badge gets
 * a new code once confirmed (the old badge stops at once), and the new badge can be printed.
 */
export function ReplaceBadgeButton({ student }: { student: { id: string; name: string } }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [printing, setPrinting] = useState(false);
  const replace = useMutation({
    mutationFn: () => unwrap(api.badges.replace({ params: { studentId: student.id } })),
  });
  const close = () => {
    setAsking(false);
    replace.reset();
  };
  return (
    <>
      <Button
        size="xs"
        variant="default"
        ml="xs"
        onClick={() => setAsking(true)}
        aria-label={t('scan.badges.replaceOf', { name: student.name })}
      >
        {t('scan.badges.replace')}
      </Button>
      <Modal
        opened={asking}
        onClose={close}
        title={t('scan.badges.replaceTitle', { name: student.name })}
      >
        <Stack>
          {replace.isSuccess ? (
            <FormAlert
              ok
              text={t('scan.badges.replaced', { name: student.name, code: replace.data.code })}
            />
          ) : (
            <Alert color="yellow" variant="light">
              <Text fz="sm">{t('scan.badges.replaceWarning')}</Text>
            </Alert>
          )}
          {replace.isError ? (
            <ErrorNotice title={t('scan.badges.replaceFailed')} message={replace.error.message} />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t(replace.isSuccess ? 'common.close' : 'common.cancel')}
            </Button>
            {replace.isSuccess ? (
              <Button
                onClick={() => {
                  close();
                  setPrinting(true);
                }}
              >
                {t('scan.badges.printNew')}
              </Button>
            ) : (
              <Button color="red" loading={replace.isPending} onClick={() => replace.mutate()}>
                {t('scan.badges.replaceConfirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
      <PrintBadgesModal
        opened={printing}
        onClose={() => setPrinting(false)}
        target={{ studentIds: [student.id] }}
        intro={t('scan.badges.introChosen', { count: 1 })}
        fileName={badgesFileName(student.name)}
      />
    </>
  );
}
