import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import qrcode from 'qrcode-generator';
import type { CardPaper } from '@app/domain';

/*
 * The printed sign-in cards (docs/decisions/133-sign-in-cards.md): business-card sized cards on
 * letter (2 × 5) or A4 (2 × 4), dashed cut lines between them, each with the student's name, class,
 * the school's code, the QR code of the card's code and the code as text. The standard fonts need
 * no file but write WinAnsi only: a character outside it loses its accent, or becomes "?".
 */

/** The words on a card, already in the reader's language. */
export interface CardWords {
  title: string;
  heading: string;
  codeLabel: string;
  howTo: string;
}

export interface PrintedCard {
  name: string;
  /** The class the card names ('' when the student sits in none). */
  className: string;
  /** "School code: DEMO", in the reader's language. */
  school: string;
  /** The code as printed (with its dashes). */
  code: string;
  /** What the QR code holds: the code's stored form. */
  qrText: string;
}

const PT_PER_MM = 72 / 25.4;
/** Page size, the grid, and one card's size, in points. */
const PAPERS: Record<
  CardPaper,
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

const PAD = 12;
const GAP = 10;
const INK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const CUT = rgb(0.55, 0.55, 0.55);

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
function fitted(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let out = text;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}

/** The largest size from `max` down to `min` at which `text` fits `width` (min if none). */
function sizeToFit(font: PDFFont, text: string, max: number, min: number, width: number) {
  let size = max;
  while (size > min && font.widthOfTextAtSize(text, size) > width) size -= 0.5;
  return size;
}

/** `text` broken into lines of at most `width`, at most `max` lines (the last one cut). */
function wrapped(font: PDFFont, text: string, size: number, width: number, max: number) {
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
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
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

/** The PDF of the cards, in order, on `paper`. */
export async function cardsPdf(
  cards: readonly PrintedCard[],
  paper: CardPaper,
  words: CardWords,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.CourierBold);
  const text = writable(regular);
  doc.setTitle(text(words.title));
  doc.setProducer('Merit Market');
  doc.setCreator('Merit Market');
  const p = PAPERS[paper];
  const left = (p.width - p.cols * p.cardW) / 2;
  const top = p.height - (p.height - p.rows * p.cardH) / 2;
  const perPage = p.cols * p.rows;

  for (let first = 0; first < Math.max(cards.length, 1); first += perPage) {
    const page = doc.addPage([p.width, p.height]);
    const onPage = cards.slice(first, first + perPage);
    onPage.forEach((card, i) => {
      const col = i % p.cols;
      const row = Math.floor(i / p.cols);
      drawCard(page, card, left + col * p.cardW, top - (row + 1) * p.cardH);
    });
    // Cut lines around every card of the grid: dashed, light.
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
  return doc.save();

  function drawCard(page: PDFPage, card: PrintedCard, x: number, y: number) {
    // How to sign in along the bottom, the whole card wide; above it the QR code, and beside it
    // who the card is for and the code to type.
    const howTo = wrapped(regular, text(words.howTo), 6.5, p.cardW - 2 * PAD, 3);
    howTo.forEach((l, i) =>
      page.drawText(l, {
        x: x + PAD,
        y: y + PAD + (howTo.length - 1 - i) * 8,
        size: 6.5,
        font: regular,
        color: GREY,
      }),
    );
    const above = y + PAD + howTo.length * 8 + 4;
    const qrSize = Math.min(y + p.cardH - PAD - above, 0.42 * p.cardW);
    const qrY = above + (y + p.cardH - PAD - above - qrSize) / 2;
    drawQr(page, card.qrText, x + PAD, qrY, qrSize);
    const tx = x + PAD + qrSize + GAP;
    const width = x + p.cardW - PAD - tx;
    let ty = qrY + qrSize; // the text starts level with the QR code's top
    const line = (s: string, font: PDFFont, size: number, color = INK, after = 3) => {
      ty -= size;
      page.drawText(s, { x: tx, y: ty, size, font, color });
      ty -= after;
    };
    /** A line at the largest size from `max` down to 6.5 that fits, cut if none does. */
    const fittedLine = (s: string, font: PDFFont, max: number, after = 3) => {
      const size = sizeToFit(font, s, max, 6.5, width);
      line(fitted(font, s, size, width), font, size, INK, after);
    };
    line(fitted(regular, text(words.heading), 7, width), regular, 7, GREY, 5);
    fittedLine(text(card.name), bold, 13, 4);
    if (card.className) fittedLine(text(card.className), regular, 8.5);
    fittedLine(text(card.school), regular, 8.5, 7);
    line(fitted(regular, text(words.codeLabel), 7, width), regular, 7, GREY, 2);
    line(card.code, mono, sizeToFit(mono, card.code, 13, 7, width), INK, 0);
  }
}
