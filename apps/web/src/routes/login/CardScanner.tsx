import { useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { normalizeCardCode } from '@app/domain';
import { useT } from '../../i18n';

/*
 * "Scan my card" (docs/decisions/133-sign-in-cards.md): the camera facing away from the screen, a
 * frame looked at a few times a second, the QR code read by the browser's BarcodeDetector where it
 * reads QR codes, else by jsQR, which only this chunk loads (the login page does not carry it).
 */

/** Reads the QR code in the video's current frame: its text, or null when there is none. */
type Reader = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** Milliseconds between two looks at the camera. */
const LOOK_EVERY = 150;

async function qrReader(): Promise<Reader> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  try {
    if (Native && (await Native.getSupportedFormats()).includes('qr_code')) {
      const detector = new Native({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    }
  } catch {
    // A detector that cannot say what it reads: jsQR below.
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

/**
 * The camera's picture while it looks for a card's QR code; `onCode` gets the first card code it
 * reads (in its stored form). The camera stops when this goes away.
 */
export default function CardScanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const [notACard, setNotACard] = useState(false);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: number | undefined;
    const stop = () => stream?.getTracks().forEach((track) => track.stop());
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        if (!stopped) setFailed(true);
        return;
      }
      const v = video.current;
      if (stopped || !v || !canvas.current) return stop();
      v.srcObject = stream;
      await v.play().catch(() => undefined);
      const read = await qrReader();
      const look = async () => {
        if (stopped || !canvas.current) return;
        const text = await read(v, canvas.current).catch(() => null);
        if (stopped) return;
        const code = text ? normalizeCardCode(text) : null;
        if (code) {
          stop();
          found.current(code);
          return;
        }
        if (text) setNotACard(true);
        timer = window.setTimeout(() => void look(), LOOK_EVERY);
      };
      void look();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stop();
    };
  }, []);

  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('welcome.card.noCamera')}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Text fz="sm" role="status">
        {notACard ? t('welcome.card.notACard') : t('welcome.card.scanning')}
      </Text>
      {/* The camera's live picture: muted, nothing is said in it. */}
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('welcome.card.camera')}
        style={{ width: '100%', maxHeight: '50vh', borderRadius: 8, background: '#000' }}
      />
      <canvas ref={canvas} hidden />
    </Stack>
  );
}
