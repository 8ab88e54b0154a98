import { normalizeBadgeCode } from '@app/domain';
import { QrScanner } from '../../../components/scanner/QrScanner';
import { useT } from '../../../i18n';

/** The counter's camera (issue 35): `onCode` gets the first badge code it reads, in its stored form. */
export default function BadgeScanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  return (
    <QrScanner
      read={normalizeBadgeCode}
      onCode={onCode}
      words={{
        looking: t('store.counter.scanning'),
        wrong: t('store.counter.notABadge'),
        noCamera: t('store.counter.noCamera'),
        camera: t('store.counter.camera'),
      }}
    />
  );
}
