import { once } from 'node:events';
import { pdfFaces, REORDERED, runsFor, type PdfFace } from './pdf-fonts.ts';

const BLACK = '#111111';
const RED = '#c62828';
/** The light grey of the lines that part a page's blocks. */
const RULE = '#b0b0b0';

export interface PdfTextOptions {
  size: number;
  bold?: boolean;
  color?: string;
  /** Hearts and diamonds (♥ ♦) in red, as hand records print them. */
  redSuits?: boolean;
  /** Where `x` is: the start of the text (default), its middle or its end. */
  align?: 'left' | 'center' | 'right';
  /** The text is made smaller, down to 6 points, until it fits this width. */
  width?: number;
}

export type PdfDoc = PDFKit.PDFDocument;

/**
 * An A4 PDF (pages added by the caller) with the export fonts registered (docs/decisions/012-pdf-fonts.md); `text`
 * writes one line in whichever face has each character, `rule` draws a line, `finish` ends it and answers its bytes. pdfkit is loaded on
 * the first export.
 */
export async function openPdfDocument(info: { title: string; subject: string }) {
  const { default: PDFDocument } = await import('pdfkit');
  const faces = await pdfFaces();
  const doc: PdfDoc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: info.title, Subject: info.subject } });
  for (const face of [...faces.regular, ...faces.bold, faces.symbols]) doc.registerFont(face.name, face.font as unknown as Buffer);
  const fonts = { regular: [...faces.regular, faces.symbols], bold: [...faces.bold, faces.symbols] };
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(doc, 'end');

  /** Writes one line with its baseline at `y`; answers the width it took. */
  const text = (value: string, x: number, y: number, options: PdfTextOptions): number => {
    const list: PdfFace[] = options.bold ? fonts.bold : fonts.regular;
    const runs = runsFor(list, value).flatMap((run) =>
      options.redSuits
        ? run.text
            .split(/([♥♦]+)/)
            .filter(Boolean)
            .map((part) => ({ face: run.face, text: part, red: /^[♥♦]/.test(part) }))
        : [{ ...run, red: false }],
    );
    let size = options.size;
    const widthAt = (s: number) => runs.reduce((sum, run) => sum + doc.font(run.face.name).fontSize(s).widthOfString(run.text), 0);
    let width = widthAt(size);
    while (options.width !== undefined && width > options.width && size > 6) width = widthAt((size -= 0.5));
    let at = options.align === 'center' ? x - width / 2 : options.align === 'right' ? x - width : x;
    // Text read back from the glyphs of a reordering script comes out in drawing order; ActualText keeps it as written.
    const actual = REORDERED.test(value);
    if (actual) doc.markContent('Span', { actual: value });
    for (const run of runs) {
      doc
        .font(run.face.name)
        .fontSize(size)
        .fillColor(run.red ? RED : (options.color ?? BLACK));
      doc.text(run.text, at, y, { lineBreak: false, baseline: 'alphabetic' });
      at += doc.widthOfString(run.text);
    }
    if (actual) doc.endMarkedContent();
    return width;
  };

  /** Strokes a straight line from (x1, y1) to (x2, y2): half a point of light grey unless told otherwise. */
  const rule = (x1: number, y1: number, x2: number, y2: number, options: { width?: number; color?: string } = {}) => {
    doc
      .moveTo(x1, y1)
      .lineTo(x2, y2)
      .lineWidth(options.width ?? 0.5)
      .strokeColor(options.color ?? RULE)
      .stroke();
  };

  const finish = async () => {
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  };
  return { doc, text, rule, finish };
}
