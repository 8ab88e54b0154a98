import { Alert, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import type { InvitationDelivery } from '@app/domain';
import { useFormat, useT } from '../i18n';
import { useUser } from '../session';

/** Copies an invitation link; says "Copied" for a moment once it did. */
export function CopyLinkButton({
  link,
  name,
  size = 'xs',
  onTint = false,
}: {
  link: string;
  name: string;
  size?: 'xs' | 'sm';
  /** On a tinted background (an alert): filled, so its words keep their contrast. */
  onTint?: boolean;
}) {
  const t = useT();
  return (
    <CopyButton value={link} timeout={4000}>
      {({ copied, copy }) => (
        <Button
          size={size}
          variant={copied || onTint ? 'filled' : 'light'}
          color={copied ? 'teal' : undefined}
          onClick={copy}
          aria-label={copied ? undefined : t('settings.invite.copyOf', { name })}
        >
          {copied ? t('settings.invite.copied') : t('settings.invite.copy')}
        </Button>
      )}
    </CopyButton>
  );
}

/**
 * An invitation whose mail did not go out (docs/decisions/132-invitations-without-mail.md): says so
 * plainly, and shows its one-time link with a Copy button for the asker to hand over themselves.
 * `keptBelow` when the screen's list can show it again; a link not kept is shown this once.
 */
export function InvitationLink({
  name,
  expiresAt,
  delivery,
  keptBelow = false,
}: {
  name: string;
  expiresAt: string;
  delivery: InvitationDelivery & { link: string };
  keptBelow?: boolean;
}) {
  const t = useT();
  const f = useFormat();
  const timeZone = useUser()?.school.timeZone;
  const values = { name, date: f.dateTime(expiresAt, timeZone) };
  return (
    <Alert color="yellow" variant="light" role="status">
      <Stack gap="xs">
        <Text fz="sm">
          {delivery.whyNotMailed === 'refused'
            ? t('settings.invite.refused', values)
            : t('settings.invite.noMailServer', values)}
        </Text>
        {delivery.linkKept === false ? (
          <Text fz="sm" fw={600}>
            {t('settings.invite.shownOnce')}
          </Text>
        ) : keptBelow ? (
          <Text fz="sm">{t('settings.invite.keptBelow')}</Text>
        ) : null}
        <Textarea
          readOnly
          autosize
          minRows={1}
          label={t('settings.invite.linkOf', { name })}
          value={delivery.link}
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { wordBreak: 'break-all', fontFamily: 'monospace' } }}
        />
        <Group justify="flex-end">
          <CopyLinkButton link={delivery.link} name={name} size="sm" onTint />
        </Group>
      </Stack>
    </Alert>
  );
}
