import qrcode from 'qrcode-generator';

/**
 * A YUV4MPEG2 video (4:2:0, 640 × 480, a few identical frames) of the QR code of `text`, for
 * Chromium's fake camera (`--use-file-for-fake-video-capture`, which plays it in a loop): the code
 * alphanumeric, error correction M, drawn large and centred with a quiet zone of four modules.
 */
export function qrVideo(text: string): Buffer {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Alphanumeric');
  qr.make();
  const n = qr.getModuleCount();
  const [width, height] = [640, 480];
  const cell = Math.floor(400 / (n + 8));
  const left = Math.floor((width - n * cell) / 2);
  const top = Math.floor((height - n * cell) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.isDark(r, c))
        for (let y = 0; y < cell; y++)
          luma.fill(
            16,
            (top + r * cell + y) * width + left + c * cell,
            (top + r * cell + y) * width + left + (c + 1) * cell,
          );
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array.from({ length: 5 }, () => frame),
  ]);
}
