import { useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { qrReader } from '../../components/scanner/qrReader';
import { useT } from '../../i18n';

/** Milliseconds between two looks at the camera. */
const LOOK_EVERY = 150;

/**
 * The camera (facing away from the screen) while /scan is open and on: every QR code it reads goes
 * to `onText`, again and again (the page ignores a badge still held up). It stops when this goes.
 */
export function BadgeCamera({ onText }: { onText: (text: string) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'starting' | 'on' | 'failed'>('starting');
  const read = useRef(onText);
  useEffect(() => {
    read.current = onText;
  }, [onText]);

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
        if (!stopped) setState('failed');
        return;
      }
      const v = video.current;
      if (stopped || !v || !canvas.current) return stop();
      v.srcObject = stream;
      await v.play().catch(() => undefined);
      setState('on');
      const look = await qrReader();
      const tick = async () => {
        if (stopped || !canvas.current) return;
        const text = await look(v, canvas.current).catch(() => null);
        if (stopped) return;
        if (text) read.current(text);
        timer = window.setTimeout(() => void tick(), LOOK_EVERY);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stop();
    };
  }, []);

  if (state === 'failed')
    return (
      <Alert color="yellow" variant="light">
        {t('scan.noCamera')}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Text fz="sm">{t(state === 'on' ? 'scan.scanning' : 'scan.cameraStarting')}</Text>
      {/* The camera's live picture: muted, nothing is said in it. */}
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('scan.camera')}
        style={{
          width: '100%',
          aspectRatio: '4 / 3',
          maxHeight: '45vh',
          objectFit: 'cover',
          borderRadius: 8,
          background: '#000',
          display: 'block',
        }}
      />
      <canvas ref={canvas} hidden />
    </Stack>
  );
}
