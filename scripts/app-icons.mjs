// Writes the installable web app's icons into apps/web/public (issue 35): the logo (the header's
// grape-to-orange square with a white "M") at 192 and 512 px with round corners, a maskable 512 px
// one (full bleed, the letter inside the safe zone) and the 180 px apple-touch-icon. Run by hand
// after changing the logo:
//   node scripts/app-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const OUT = 'apps/web/public';
/** Mantine's grape 6 and orange 6: the logo's gradient (apps/web/src/theme.ts). */
const FROM = [0xbe, 0x4b, 0xdb];
const TO = [0xfd, 0x7e, 0x14];
/** The letter M as strokes in a unit square. */
const STROKES = [
  [
    [0.2, 0.78],
    [0.2, 0.22],
  ],
  [
    [0.2, 0.22],
    [0.5, 0.6],
  ],
  [
    [0.5, 0.6],
    [0.8, 0.22],
  ],
  [
    [0.8, 0.22],
    [0.8, 0.78],
  ],
];
const STROKE_HALF_WIDTH = 0.075;
/** Samples per pixel along each axis: smooth edges. */
const SAMPLES = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of `size` × `size`, each pixel from `pixel(x, y)`. */
function png(size, pixel) {
  const row = size * 4 + 1;
  const raw = Buffer.alloc(row * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * row + 1 + x * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function distanceToStroke(px, py, [[ax, ay], [bx, by]]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** `inset`: the letter's margin, a share of the icon (a maskable icon keeps it in the safe zone). */
function icon(size, { rounded, inset }) {
  const radius = rounded ? size * 0.2 : 0;
  return png(size, (x, y) => {
    let inside = 0;
    let letter = 0;
    for (let sy = 0; sy < SAMPLES; sy++)
      for (let sx = 0; sx < SAMPLES; sx++) {
        const px = x + (sx + 0.5) / SAMPLES;
        const py = y + (sy + 0.5) / SAMPLES;
        const cx = Math.min(Math.max(px, radius), size - radius);
        const cy = Math.min(Math.max(py, radius), size - radius);
        if (radius > 0 && Math.hypot(px - cx, py - cy) > radius) continue;
        inside++;
        const u = (px / size - inset) / (1 - 2 * inset);
        const v = (py / size - inset) / (1 - 2 * inset);
        if (STROKES.some((s) => distanceToStroke(u, v, s) < STROKE_HALF_WIDTH)) letter++;
      }
    const t = (x + y) / (2 * size);
    const white = inside ? letter / inside : 0;
    const rgb = FROM.map((f, i) => Math.round((f + (TO[i] - f) * t) * (1 - white) + 255 * white));
    return [...rgb, Math.round((255 * inside) / SAMPLES ** 2)];
  });
}

writeFileSync(`${OUT}/icon-192.png`, icon(192, { rounded: true, inset: 0.12 }));
writeFileSync(`${OUT}/icon-512.png`, icon(512, { rounded: true, inset: 0.12 }));
writeFileSync(`${OUT}/icon-maskable-512.png`, icon(512, { rounded: false, inset: 0.22 }));
writeFileSync(`${OUT}/apple-touch-icon.png`, icon(180, { rounded: false, inset: 0.16 }));
