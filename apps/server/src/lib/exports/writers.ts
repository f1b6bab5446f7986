import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { seatNameOfSide, type ExportFormat } from '@bridge/api';
import type { z } from 'zod';
import { badRequest } from '../errors.ts';
import { faceFor, pdfFaces, REORDERED, withBoundedShaping, type PdfFace } from './pdf-fonts.ts';

// Exports of the admin lists: every row matching the list's search and filters, read in keyset batches and
// written to the answer as they come, so memory stays flat however many rows there are. The modules feed
// their rows (a `Table`); this library writes CSV, XLSX or PDF and knows no domain.

/** Rows read per batch: a dataset's repo reads BATCH + 1 to know whether another batch follows. */
export const BATCH = 1000;
const XLSX_ROWS_PER_TURN = 10;
const PDF_ROWS_PER_TURN = 100;

export interface Column<T> {
  header: string;
  /** Relative width: in characters for Excel, a share of the line for PDF. */
  width: number;
  value: (row: T) => string | number | null;
}

export type Cell = string | number | null;

/** A dataset ready to write: headers, widths, and batches of rows as cells. */
export interface Table {
  /** The file name's start; the date is added after it. */
  prefix: string;
  title: string;
  columns: { header: string; width: number }[];
  batches: AsyncIterable<Cell[][]>;
}

/** What every written export states besides its rows: which rows they are, and when they were read. */
export interface ExportContext {
  /** The list's search and filters in words, or that there were none. */
  filter: string;
  madeAt: Date;
}

/** `search "bbb", score type IMP` or `Filter: none, every row`: a list's parameters in words. */
export function describeFilters(filters: Record<string, unknown>): string {
  const parts = Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) =>
      name === 'query' ? `search "${String(value)}"` : `${name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)} ${String(value)}`,
    );
  return parts.length ? parts.join(', ') : 'none, every row';
}

/** `Filter: ... · Made 2026-11-25 03:40 UTC`: the line under an export's title. */
export const contextLine = (context: ExportContext) => `Filter: ${context.filter} · Made ${when(context.madeAt)} UTC`;

// Text stored before the contract refused control characters may still hold them. An XLSX sheet is XML, which
// cannot hold C0 controls, U+FFFE, U+FFFF or lone surrogates (one such name made the whole file unreadable); a
// line break would split a CSV record or overprint a PDF row. Every cell is written as one clean line.
const NOT_WRITTEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LINE_BREAKS = /[\t\n\r\u0085\u2028\u2029]+/g;

/** A cell as every writer may write it: no control characters, no line breaks (each becomes a space). */
export function cleanCell(value: Cell): Cell {
  return typeof value === 'string' ? value.replace(NOT_WRITTEN, '').replace(LINE_BREAKS, ' ') : value;
}
const cleanRow = (row: Cell[]) => row.map(cleanCell);

async function* cellsOf<T>(columns: Column<T>[], batches: AsyncIterable<T[]>): AsyncIterable<Cell[][]> {
  for await (const rows of batches) yield rows.map((row) => cleanRow(columns.map((c) => c.value(row))));
}

export const table = <T>(prefix: string, title: string, columns: Column<T>[], batches: AsyncIterable<T[]>): Table => ({
  prefix,
  title,
  columns: columns.map(({ header, width }) => ({ header, width })),
  batches: cellsOf(columns, batches),
});

/** `YYYY-MM-DD HH:MM` in UTC. */
export const when = (date: Date | null) => (date ? date.toISOString().slice(0, 16).replace('T', ' ') : null);
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
export const sideName = (side: number) => (side === -1 ? '' : (seatNameOfSide(side) ?? 'Kibitzer'));

/** Reads a list page after page until the last one. */
export async function* pages<T>(fetch: (lastDocId: string | undefined) => Promise<{ rows: T[]; lastDocId: string | null }>): AsyncIterable<T[]> {
  let cursor: string | undefined;
  do {
    const page = await fetch(cursor);
    if (page.rows.length > 0) yield page.rows;
    cursor = page.lastDocId ?? undefined;
  } while (cursor);
}

/** One batch of a keyset read asked for BATCH + 1 rows: the rows to write and the cursor of the next batch. */
export const cursorPage = <T>(rows: T[], idOf: (row: T) => string) =>
  rows.length > BATCH ? { rows: rows.slice(0, BATCH), lastDocId: idOf(rows[BATCH - 1]!) } : { rows, lastDocId: null };

/** Rows whose cells come formatted from the database, in the columns' order. */
export async function* cellsOnly(batches: AsyncIterable<{ cells: Cell[] }[]>): AsyncIterable<Cell[][]> {
  for await (const rows of batches) yield rows.map((row) => cleanRow(row.cells));
}

/** A dataset's list parameters, checked before anything is sent. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

// Writers ------------------------------------------------------------------------------------------------------

export const contentTypes: Record<ExportFormat, string> = {
  html: 'text/html; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** `prefix-YYYY-MM-DD.ext` (specification section 9: a prefix plus a date). */
export const exportFileName = (prefix: string, format: ExportFormat, now = new Date()) => `${prefix}-${now.toISOString().slice(0, 10)}.${format}`;

/**
 * A CSV field; text that a spreadsheet would run as a formula is written as text ('=..., '+..., ...), also
 * behind leading spaces or control characters that a reader may skip.
 */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[\s\u0000-\u001F]*[=+\-@]|^[\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

async function* csvLines(dataset: Table): AsyncIterable<string> {
  // The byte-order mark makes Excel read the file as UTF-8.
  yield `\uFEFF${dataset.columns.map((c) => csvField(c.header)).join(',')}\r\n`;
  for await (const rows of dataset.batches) {
    yield rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
  }
}

/** Waits while the reader is behind, so rows are not read faster than they are sent. */
async function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  // Whichever comes first; the other listener is removed, so waits do not pile up listeners.
  const controller = new AbortController();
  const wait = (event: string) => once(out, event, { signal: controller.signal }).catch(() => undefined);
  await Promise.race([wait('drain'), wait('close')]);
  controller.abort();
}

// exceljs, pdfkit and fontkit are loaded on the first export that needs them: together they are about 17 MB of
// every instance's heap and part of its start, for something only admins do now and then.

async function writeXlsx(dataset: Table, context: ExportContext, out: PassThrough): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(dataset.title.slice(0, 31));
  sheet.columns = dataset.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of dataset.batches) {
    for (const [i, row] of rows.entries()) {
      sheet.addRow(row).commit();
      // exceljs hands committed rows to its zip without waiting for it; a turn of the event loop every few rows
      // lets the zip compress and pass them on, so they do not pile up as buffers (measured: +130 MB -> +30 MB
      // for 100k rows).
      if (i % XLSX_ROWS_PER_TURN === XLSX_ROWS_PER_TURN - 1) await setImmediate();
    }
    await drained(out);
    if (out.destroyed) return;
  }
  sheet.commit();
  // The rows' sheet stays a plain table (headers in row 1) for whoever reads it by program; what they are and
  // when they were read go on a sheet of their own.
  const about = workbook.addWorksheet('About this export');
  about.columns = [{ width: 12 }, { width: 60 }];
  for (const row of [
    ['Export', dataset.title],
    ['Filter', context.filter],
    ['Made', `${when(context.madeAt)} UTC`],
  ])
    about.addRow(row).commit();
  about.commit();
  await workbook.commit();
}

const A3_MARGIN = 28;
/** Words each font of a PDF export keeps shaped: a few pages' worth of names and emails. */
const SHAPED_WORDS_KEPT = 5_000;

async function writePdf(dataset: Table, context: ExportContext, out: PassThrough): Promise<void> {
  const { default: PDFDocument } = await import('pdfkit');
  // The fonts keep a bounded cache of shaped words of their own, in place of pdfkit's, which keeps every word.
  const doc = new PDFDocument({ size: 'A3', layout: 'landscape', margin: A3_MARGIN, fontLayoutCache: false, info: { Title: dataset.title } });
  const shared = await pdfFaces();
  const bounded = (list: PdfFace[]) => list.map((face) => withBoundedShaping(face, SHAPED_WORDS_KEPT));
  const faces = { regular: bounded(shared.regular), bold: bounded(shared.bold) };
  // pdfkit takes a parsed fontkit font as well as a file; it subsets and embeds it once per document.
  for (const face of [...faces.regular, ...faces.bold]) doc.registerFont(face.name, face.font as unknown as Buffer);
  doc.pipe(out);
  const width = doc.page.width - 2 * A3_MARGIN;
  const bottom = doc.page.height - A3_MARGIN;
  const total = dataset.columns.reduce((sum, c) => sum + c.width, 0);
  const xs: number[] = [];
  let x = A3_MARGIN;
  for (const c of dataset.columns) {
    xs.push(x);
    x += (c.width / total) * width;
  }
  const colWidth = (i: number) => (dataset.columns[i]!.width / total) * width - 4;
  const rowHeight = 13;
  let y = A3_MARGIN;
  const write = (list: PdfFace[], value: string, at: number, options: PDFKit.Mixins.TextOptions) => {
    const { face, text } = faceFor(list, value);
    doc.font(face.name);
    // Text read back from the glyphs of a reordering script comes out in drawing order; ActualText holds the
    // characters as written, for copying and searching.
    const actual = REORDERED.test(text);
    if (actual) doc.markContent('Span', { actual: text });
    doc.text(text, at, y, options);
    if (actual) doc.endMarkedContent();
  };
  const cell = (list: PdfFace[], value: Cell, i: number) => {
    if (value !== null && value !== '')
      write(list, String(value), xs[i]!, { width: colWidth(i), height: rowHeight, lineBreak: false, ellipsis: true });
  };
  const header = () => {
    doc.fontSize(8);
    // Headers wrap onto as many lines as the longest needs, never cut: a header names its column in full.
    let height = rowHeight;
    dataset.columns.forEach((c, i) => {
      const { face, text } = faceFor(faces.bold, c.header);
      doc.font(face.name);
      height = Math.max(height, doc.heightOfString(text, { width: colWidth(i) }) + 3);
    });
    dataset.columns.forEach((c, i) => write(faces.bold, c.header, xs[i]!, { width: colWidth(i) }));
    y += height;
    doc
      .moveTo(A3_MARGIN, y - 2)
      .lineTo(A3_MARGIN + width, y - 2)
      .lineWidth(0.5)
      .stroke();
  };
  doc.fontSize(14);
  write(faces.bold, dataset.title, A3_MARGIN, { lineBreak: false });
  y += 20;
  doc.fontSize(9);
  write(faces.regular, contextLine(context), A3_MARGIN, { width });
  y += 18;
  header();
  for await (const rows of dataset.batches) {
    for (const [r, row] of rows.entries()) {
      if (y + rowHeight > bottom) {
        doc.addPage();
        y = A3_MARGIN;
        header();
      }
      row.forEach((value, i) => cell(faces.regular, value, i));
      y += rowHeight;
      // Shaping text in an embedded font takes about 0.25 ms a row: other requests get a turn between a few rows.
      if (r % PDF_ROWS_PER_TURN === PDF_ROWS_PER_TURN - 1) {
        await setImmediate();
      }
    }
    await drained(out);
    if (out.destroyed) return;
  }
  doc.end();
  await once(doc, 'end');
}

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const PRINT_STYLE = `
  @page { size: A3 landscape; margin: 12mm; }
  body { font: 10px/1.35 system-ui, sans-serif; color: #000; margin: 0; }
  h1 { font-size: 16px; margin: 0 0 2px; }
  p { margin: 0 0 8px; color: #333; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #ccc; padding: 3px 4px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
  th { border-bottom: 1.5px solid #000; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
`;

/**
 * A print layout of every matching row: the title, the filter and time, and one plain table (no controls). The
 * console prints it from a hidden frame; it holds no script.
 */
async function* htmlLines(dataset: Table, context: ExportContext): AsyncIterable<string> {
  const headers = dataset.columns.map((c) => `<th scope="col">${escapeHtml(c.header)}</th>`).join('');
  yield `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(dataset.title)}</title><style>${PRINT_STYLE}</style></head><body>`;
  yield `<h1>${escapeHtml(dataset.title)}</h1><p>${escapeHtml(contextLine(context))}</p><table><thead><tr>${headers}</tr></thead><tbody>`;
  for await (const rows of dataset.batches) {
    yield rows.map((row) => `<tr>${row.map((value) => `<td>${value === null ? '' : escapeHtml(String(value))}</td>`).join('')}</tr>`).join('');
  }
  yield '</tbody></table></body></html>';
}

/** The file as a stream; rows are read as the answer is sent. */
export function exportStream(dataset: Table, format: ExportFormat, onError: (error: unknown) => void, context: ExportContext): Readable {
  if (format === 'csv') return Readable.from(csvLines(dataset));
  if (format === 'html') return Readable.from(htmlLines(dataset, context));
  const out = new PassThrough();
  const write = format === 'xlsx' ? writeXlsx(dataset, context, out) : writePdf(dataset, context, out);
  write.catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
