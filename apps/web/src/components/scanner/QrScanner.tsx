import { useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { qrReader } from './qrReader';

/** Milliseconds between two looks at the camera. */
const LOOK_EVERY = 150;

/** What the scanner says, in the screen's words. */
interface ScannerWords {
  /** While it looks: what to hold in front of the camera. */
  looking: string;
  /** After it read a QR code that is not what it looks for. */
  wrong: string;
  /** When there is no camera, or it may not be used. */
  noCamera: string;
  /** The video's name. */
  camera: string;
}

/**
 * The camera (facing away from the screen) while it looks for a QR code: `read` turns a code's text
 * into what is looked for (a sign-in card's code, a badge's) or null, and `onCode` gets the first
 * one found. The camera stops when this goes away.
 */
export function QrScanner({
  read,
  onCode,
  words,
}: {
  read: (text: string) => string | null;
  onCode: (code: string) => void;
  words: ScannerWords;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const [wrong, setWrong] = useState(false);
  const found = useRef({ read, onCode });
  useEffect(() => {
    found.current = { read, onCode };
  }, [read, onCode]);

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
      const look = await qrReader();
      const tick = async () => {
        if (stopped || !canvas.current) return;
        const text = await look(v, canvas.current).catch(() => null);
        if (stopped) return;
        const code = text ? found.current.read(text) : null;
        if (code) {
          stop();
          found.current.onCode(code);
          return;
        }
        if (text) setWrong(true);
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

  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        {words.noCamera}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Text fz="sm" role="status">
        {wrong ? words.wrong : words.looking}
      </Text>
      {/* The camera's live picture: muted, nothing is said in it. */}
      <video
        ref={video}
        muted
        playsInline
        aria-label={words.camera}
        style={{ width: '100%', maxHeight: '50vh', borderRadius: 8, background: '#000' }}
      />
      <canvas ref={canvas} hidden />
    </Stack>
  );
}
