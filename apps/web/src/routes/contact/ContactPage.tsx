import { Card, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { allows } from '@app/domain';
import { afterContactSent } from '../../api';
import { PageHeader } from '../../components/PageHeader';
import { useUser } from '../../session';
import { ContactForm } from './ContactForm';
import { ReceivedMessages } from './ReceivedMessages';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';

export default function ContactPage() {
  const t = useT();
  const user = useUser();
  const queryClient = useQueryClient();
  const readsMessages = user !== null && allows(user, 'contact:read');
  return (
    <Page maw={720}>
      <PageHeader title={t('layout.pageContact')} description={t('welcome.contactDescription')} />
      <Stack gap="xl">
        <Card p="lg">
          {/* Keyed by user so signing in or out re-fills the form. */}
          <ContactForm
            key={user?._id ?? 'visitor'}
            user={user}
            onSent={() => void afterContactSent(queryClient)}
          />
        </Card>
        {readsMessages ? <ReceivedMessages /> : null}
      </Stack>
    </Page>
  );
}
