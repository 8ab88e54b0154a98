import qrcode from 'qrcode-generator';

/*
 * YUV4MPEG2 videos (4:2:0, 640 × 480) for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`, which plays the file in a loop at its frame rate): QR codes
 * as a badge or a card holds them, alphanumeric, error correction M, drawn large and centred with a
 * quiet zone of four modules.
 */

const WIDTH = 640;
const HEIGHT = 480;
/** Luma of the paper around a code, and of a frame with no code in it (darker, told apart by one pixel). */
const PAPER_LUMA = 235;
const EMPTY_LUMA = 60;
const CHROMA = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);

const header = (fps: number) =>
  Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${fps}:1 Ip A1:1 C420jpeg\n`);
const frameOf = (luma: Buffer) => Buffer.concat([Buffer.from('FRAME\n'), luma, CHROMA]);

/** One frame holding the QR code of `text`. */
function qrFrame(text: string): Buffer {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Alphanumeric');
  qr.make();
  const n = qr.getModuleCount();
  const cell = Math.floor(400 / (n + 8));
  const left = Math.floor((WIDTH - n * cell) / 2);
  const top = Math.floor((HEIGHT - n * cell) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, PAPER_LUMA);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.isDark(r, c))
        for (let y = 0; y < cell; y++)
          luma.fill(
            16,
            (top + r * cell + y) * WIDTH + left + c * cell,
            (top + r * cell + y) * WIDTH + left + (c + 1) * cell,
          );
  return frameOf(luma);
}

/** The QR code of `text` held still (a few identical frames at 10 per second). */
export function qrVideo(text: string): Buffer {
  const frame = qrFrame(text);
  return Buffer.concat([header(10), ...Array.from({ length: 5 }, () => frame)]);
}

/**
 * Badges shown one after another (bench/scan.ts): for each text, `emptySeconds` of a dark frame
 * with no code, then `heldSeconds` of its code on paper, at `fps` frames per second.
 */
export function qrReel(
  texts: string[],
  { fps, emptySeconds, heldSeconds }: { fps: number; emptySeconds: number; heldSeconds: number },
): Buffer {
  const empty = frameOf(Buffer.alloc(WIDTH * HEIGHT, EMPTY_LUMA));
  const parts: Buffer[] = [header(fps)];
  for (const text of texts) {
    const held = qrFrame(text);
    for (let i = 0; i < Math.round(fps * emptySeconds); i++) parts.push(empty);
    for (let i = 0; i < Math.round(fps * heldSeconds); i++) parts.push(held);
  }
  return Buffer.concat(parts);
}
