import { inflateSync } from 'node:zlib';

/**
 * What a PDF the server made holds, read without a PDF library: every stream inflated (pdf-lib
 * compresses page contents and keeps its objects in compressed object streams), the pages counted
 * by their `/Type /Page` dictionaries, and the text drawn as hex strings (`<…> Tj`, as pdf-lib
 * writes the standard fonts' text) decoded as WinAnsi (Latin-1 for what the tests look for).
 */
function parts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out = [raw];
  const re = /(?<!end)stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not a compressed stream
    }
    re.lastIndex = end;
  }
  return out;
}

/** The number of pages. */
export const pdfPageCount = (pdf: Buffer) =>
  parts(pdf).reduce((n, p) => n + (p.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0), 0);

/** Every string of text drawn, in order. */
export const pdfTexts = (pdf: Buffer): string[] =>
  parts(pdf).flatMap((p) =>
    [...p.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)].map((m) =>
      Buffer.from(m[1]!.replace(/\s/g, ''), 'hex').toString('latin1'),
    ),
  );
