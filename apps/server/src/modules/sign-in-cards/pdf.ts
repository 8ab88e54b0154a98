import type { PDFFont, PDFPage } from 'pdf-lib';
import type { CardPaper } from '@app/domain';
import {
  drawQr,
  drawSheets,
  fitted,
  GREY,
  INK,
  newSheetDocument,
  sizeToFit,
  wrapped,
  type CardBox,
} from '../../lib/pdf-sheets.js';

/*
 * The printed sign-in cards (docs/decisions/133-sign-in-cards.md): business-card sized cards on
 * letter (2 × 5) or A4 (2 × 4), dashed cut lines between them, each with the student's name, class,
 * the school's code, the QR code of the card's code and the code as text (lib/pdf-sheets.ts).
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

const PAD = 12;
const GAP = 10;

/** The PDF of the cards, in order, on `paper`. */
export async function cardsPdf(
  cards: readonly PrintedCard[],
  paper: CardPaper,
  words: CardWords,
): Promise<Uint8Array> {
  const { doc, fonts } = await newSheetDocument(words.title);
  const { regular, bold, mono, text } = fonts;
  drawSheets(doc, cards, paper, drawCard);
  return doc.save();

  function drawCard(page: PDFPage, card: PrintedCard, box: CardBox) {
    const { x, y } = box;
    // How to sign in along the bottom, the whole card wide; above it the QR code, and beside it
    // who the card is for and the code to type.
    const howTo = wrapped(regular, text(words.howTo), 6.5, box.width - 2 * PAD, 3);
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
    const qrSize = Math.min(y + box.height - PAD - above, 0.42 * box.width);
    const qrY = above + (y + box.height - PAD - above - qrSize) / 2;
    drawQr(page, card.qrText, x + PAD, qrY, qrSize);
    const tx = x + PAD + qrSize + GAP;
    const width = x + box.width - PAD - tx;
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
