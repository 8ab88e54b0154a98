import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  drawQr,
  drawSheets,
  fitted,
  GREY,
  INK,
  newSheetDocument,
  sizeToFit,
  type CardBox,
  type SheetPaper,
} from '../../lib/pdf-sheets.js';

/*
 * The printed badges (issue 35, docs/decisions/139-badges-and-counter.md): business-card sized, 10
 * a page on letter and 8 on A4 (lib/pdf-sheets.ts), each with the student's initials in a circle
 * (students have no picture), their name, the school's code, and the QR code of the badge code
 * with the code as text beneath it, for a lanyard or a desk.
 */

/** The words on a badge, already in the reader's language. */
export interface BadgeWords {
  title: string;
  heading: string;
}

export interface PrintedBadge {
  name: string;
  /** One or two letters. */
  initials: string;
  /** "School code: DEMO", in the reader's language. */
  school: string;
  /** The code as printed (`K7QH-MZP9T`): the QR code holds the same. */
  code: string;
}

const PAD = 12;
const GAP = 10;
const CIRCLE = rgb(0.88, 0.88, 0.88);

/** A student's initials: the first letter of each name, upper case. */
export const initialsOf = (firstName: string, lastName: string): string =>
  [firstName, lastName]
    .map((n) => [...n.trim()][0] ?? '')
    .join('')
    .toUpperCase();

/** The PDF of the badges, in order, on `paper`. */
export async function badgesPdf(
  badges: readonly PrintedBadge[],
  paper: SheetPaper,
  words: BadgeWords,
): Promise<Uint8Array> {
  const { doc, fonts } = await newSheetDocument(words.title);
  const { regular, bold, mono, text } = fonts;
  drawSheets(doc, badges, paper, drawBadge);
  return doc.save();

  function drawBadge(page: PDFPage, badge: PrintedBadge, box: CardBox) {
    const { x, y, width: w, height: h } = box;
    // The QR code on the right with the code beneath it; on the left the word "Badge", the
    // initials' circle, the name and the school.
    const codeSize = 10;
    const qrSize = Math.min(h - 2 * PAD - codeSize - 2, 0.42 * w);
    const qrX = x + w - PAD - qrSize;
    const qrY = y + PAD + codeSize + 2 + (h - 2 * PAD - codeSize - 2 - qrSize) / 2;
    drawQr(page, badge.code, qrX, qrY, qrSize);
    const size = sizeToFit(mono, badge.code, codeSize, 6, qrSize);
    page.drawText(badge.code, {
      x: qrX + (qrSize - mono.widthOfTextAtSize(badge.code, size)) / 2,
      y: qrY - size, // the QR code's quiet zone above it
      size,
      font: mono,
      color: INK,
    });

    const left = x + PAD;
    const width = qrX - GAP - left;
    let ty = y + h - PAD;
    const line = (s: string, font: PDFFont, max: number, color = INK, after = 3) => {
      const fit = sizeToFit(font, s, max, 6.5, width);
      ty -= fit;
      page.drawText(fitted(font, s, fit, width), { x: left, y: ty, size: fit, font, color });
      ty -= after;
    };
    line(text(words.heading), regular, 7, GREY, 6);
    const d = Math.min(56, width, ty - y - PAD - 34);
    page.drawCircle({
      x: left + d / 2,
      y: ty - d / 2,
      size: d / 2,
      color: CIRCLE,
      borderColor: GREY,
      borderWidth: 0.5,
    });
    const initials = text(badge.initials);
    const initialsSize = d * 0.4;
    page.drawText(initials, {
      x: left + (d - bold.widthOfTextAtSize(initials, initialsSize)) / 2,
      y: ty - d / 2 - initialsSize * 0.35,
      size: initialsSize,
      font: bold,
      color: INK,
    });
    ty -= d + 6;
    line(text(badge.name), bold, 13, INK, 4);
    line(text(badge.school), regular, 8.5, GREY, 0);
  }
}
