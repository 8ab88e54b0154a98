import { normalizeCardCode } from '@app/domain';
import { QrScanner } from '../../components/scanner/QrScanner';
import { useT } from '../../i18n';

/*
 * "Scan my card" (docs/decisions/133-sign-in-cards.md): the camera looks for a sign-in card's QR
 * code (components/scanner reads it); this chunk, and jsQR with it, loads only when a student asks.
 */

/** `onCode` gets the first card code the camera reads (in its stored form). */
export default function CardScanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  return (
    <QrScanner
      read={normalizeCardCode}
      onCode={onCode}
      words={{
        looking: t('welcome.card.scanning'),
        wrong: t('welcome.card.notACard'),
        noCamera: t('welcome.card.noCamera'),
        camera: t('welcome.card.camera'),
      }}
    />
  );
}
