import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useT } from '../../i18n';

/**
 * A badge's code typed in (a badge the camera cannot read, or no camera): Give gives to it.
 * `onCode` answers whether it gave (the field empties) or not (the code stays, to be corrected).
 */
export function CodeForm({ onCode }: { onCode: (code: string) => Promise<boolean> }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      if (await onCode(code)) setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('scan.codeLabel')}
          description={t('scan.codeHint')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={busy}>
          {t('scan.codeGive')}
        </Button>
      </Group>
    </form>
  );
}
