import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import qrcode from 'qrcode-generator';

/*
 * Business-card sheets as a PDF, for whatever a school prints and cuts (sign-in cards, badges):
 * the grid of a letter or A4 page, dashed cut lines between the cards, a QR code, and text that
 * the standard fonts can write. The standard fonts need no file but write WinAnsi only: a
 * character outside it loses its accent, or becomes "?".
 */

export type SheetPaper = 'letter' | 'a4';

/** Where one card of a sheet lies, in points from the page's bottom left. */
export interface CardBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const PT_PER_MM = 72 / 25.4;
/** Page size, the grid, and one card's size, in points. */
const PAPERS: Record<
  SheetPaper,
  { width: number; height: number; cols: number; rows: number; cardW: number; cardH: number }
> = {
  // 3.5 × 2 in, as business-card sheets: 10 a page.
  letter: { width: 612, height: 792, cols: 2, rows: 5, cardW: 252, cardH: 144 },
  // 90 × 65 mm: 8 a page.
  a4: {
    width: 210 * PT_PER_MM,
    height: 297 * PT_PER_MM,
    cols: 2,
    rows: 4,
    cardW: 90 * PT_PER_MM,
    cardH: 65 * PT_PER_MM,
  },
};

export const INK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);
const CUT = rgb(0.55, 0.55, 0.55);

/** The fonts a sheet writes with, and `text`, which makes a string one they can write. */
export interface SheetFonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
  text: (s: string) => string;
}

/** A new document with the standard fonts, titled. */
export async function newSheetDocument(
  title: string,
): Promise<{ doc: PDFDocument; fonts: SheetFonts }> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.CourierBold);
  const text = writable(regular);
  doc.setTitle(text(title));
  doc.setProducer('Merit Market');
  doc.setCreator('Merit Market');
  return { doc, fonts: { regular, bold, mono, text } };
}

/**
 * The items on `paper`, a card each in order, as many pages as they need (one empty page when
 * there are none), with dashed cut lines around every card of the grid.
 */
export function drawSheets<T>(
  doc: PDFDocument,
  items: readonly T[],
  paper: SheetPaper,
  draw: (page: PDFPage, item: T, box: CardBox) => void,
): void {
  const p = PAPERS[paper];
  const left = (p.width - p.cols * p.cardW) / 2;
  const top = p.height - (p.height - p.rows * p.cardH) / 2;
  const perPage = p.cols * p.rows;
  for (let first = 0; first < Math.max(items.length, 1); first += perPage) {
    const page = doc.addPage([p.width, p.height]);
    const onPage = items.slice(first, first + perPage);
    onPage.forEach((item, i) => {
      const col = i % p.cols;
      const row = Math.floor(i / p.cols);
      draw(page, item, {
        x: left + col * p.cardW,
        y: top - (row + 1) * p.cardH,
        width: p.cardW,
        height: p.cardH,
      });
    });
    const rows = Math.ceil(onPage.length / p.cols);
    if (!rows) continue;
    const bottom = top - rows * p.cardH;
    const dashed = { thickness: 0.5, color: CUT, dashArray: [4, 3] };
    for (let c = 0; c <= p.cols; c++)
      page.drawLine({
        start: { x: left + c * p.cardW, y: top },
        end: { x: left + c * p.cardW, y: bottom },
        ...dashed,
      });
    for (let r = 0; r <= rows; r++)
      page.drawLine({
        start: { x: left, y: top - r * p.cardH },
        end: { x: left + p.cols * p.cardW, y: top - r * p.cardH },
        ...dashed,
      });
  }
}

/** Letters with a stroke, which Unicode does not decompose into a letter and a mark. */
const STROKED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  Ŧ: 'T',
  ŧ: 't',
  ı: 'i',
};

/** Text the font can write: a character it lacks loses its accents (or stroke), else becomes "?". */
function writable(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  const ok = (s: string) => [...s].every((c) => known.has(c.codePointAt(0)!));
  return (text) =>
    [...text]
      .map((c) => {
        if (ok(c)) return c;
        const bare = STROKED[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '');
        return bare && ok(bare) ? bare : '?';
      })
      .join('');
}

/** `text` cut to `width` at `size`, ending in "…" when cut. */
export function fitted(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let out = text;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}

/** The largest size from `max` down to `min` at which `text` fits `width` (min if none). */
export function sizeToFit(font: PDFFont, text: string, max: number, min: number, width: number) {
  let size = max;
  while (size > min && font.widthOfTextAtSize(text, size) > width) size -= 0.5;
  return size;
}

/** `text` broken into lines of at most `width`, at most `max` lines (the last one cut). */
export function wrapped(font: PDFFont, text: string, size: number, width: number, max: number) {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > max) lines.splice(max - 1, lines.length, lines.slice(max - 1).join(' '));
  return lines.map((l) => fitted(font, l, size, width));
}

/** The QR code of `text` (alphanumeric, error correction M), its dark modules as squares. */
export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Alphanumeric');
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 2; // the card's margin adds to it
  const cell = size / (n + 2 * quiet);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.isDark(r, c))
        page.drawRectangle({
          x: x + (c + quiet) * cell,
          y: y + size - (r + quiet + 1) * cell,
          // A hair wider, so neighbouring squares leave no seam at any zoom.
          width: cell + 0.05,
          height: cell + 0.05,
          color: INK,
        });
}
