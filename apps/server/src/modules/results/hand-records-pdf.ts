import { formatPar, makeableLevel, parseDeal, STRAIN_SYMBOLS, SUIT_ORDER, type Hand, type Seat, type Strain } from '@bridge/engine';
import { openPdfDocument, type PdfTextOptions } from '../../lib/exports/pdf-document.ts';
import type { HandRecordBoard, HandRecords } from '../events/service.ts';

// The hand records as clubs print them: six boards to an A4 page, two across and three down. Each board has its
// number, dealer and vulnerability at top left, the four hands around a compass (North at the top), the
// double-dummy grid at bottom left and the par beneath.

export const BOARDS_PER_PAGE = 6;

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 30;
const HEADER = 54;
const GAP = 8;
const CELL = {
  width: (PAGE.width - 2 * MARGIN - GAP) / 2,
  height: (PAGE.height - 2 * MARGIN - HEADER - 2 * GAP) / 3,
};
const PAD = 10;
const HAND_SIZE = 11;
const LINE = 14;
const BLOCK = 4 * LINE;

const BLACK = '#111111';
const GREY = '#666666';
const RULE = '#b0b0b0';
const VULNERABLE = '#e57373';

const GRID_SEATS: readonly Seat[] = ['N', 'S', 'E', 'W'];
const GRID_STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];

type TextOptions = Omit<PdfTextOptions, 'bold' | 'redSuits'>;

const dateOf = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** Cards as hand records print them: the ten as 10, a void as a dash. */
const cardsOf = (ranks: string) => (ranks ? ranks.replaceAll('T', '10') : '—');

/** Writes the hand records of an event as a PDF. */
export async function handRecordsPdf(records: HandRecords): Promise<Buffer> {
  const { doc, text: write, rule, finish } = await openPdfDocument({ title: `${records.name}: hand records`, subject: `Event ${records.key}` });
  /** One line in the regular or bold faces, each character in a face that has it, hearts and diamonds in red. */
  const text = (face: 'regular' | 'bold', value: string, x: number, y: number, options: TextOptions) =>
    void write(value, x, y, { ...options, bold: face === 'bold', redSuits: true });

  const pages = Math.max(1, Math.ceil(records.boards.length / BOARDS_PER_PAGE));
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    header(records, page + 1, pages);
    records.boards.slice(page * BOARDS_PER_PAGE, (page + 1) * BOARDS_PER_PAGE).forEach((board, i) => {
      const x = MARGIN + (i % 2) * (CELL.width + GAP);
      const y = MARGIN + HEADER + Math.floor(i / 2) * (CELL.height + GAP);
      drawBoard(board, x, y);
    });
  }
  return finish();

  function header(event: HandRecords, page: number, of: number) {
    const right = PAGE.width - MARGIN;
    const pageText = `Page ${page} of ${of}`;
    text('regular', pageText, right, MARGIN + 14, { size: 9, color: GREY, align: 'right' });
    text('bold', event.name, MARGIN, MARGIN + 14, { size: 16, width: right - MARGIN - 80 });
    text('regular', `Hand records · Event ${event.key} · ${dateOf(event.date)}`, MARGIN, MARGIN + 32, { size: 9.5, color: GREY });
    rule(MARGIN, MARGIN + 42, right, MARGIN + 42, { width: 0.8, color: BLACK });
  }

  function drawBoard(board: HandRecordBoard, x0: number, y0: number) {
    doc.roundedRect(x0, y0, CELL.width, CELL.height, 4).lineWidth(0.6).strokeColor(RULE).stroke();
    const inner = CELL.width - 2 * PAD;
    const column = inner / 3;
    const left = x0 + PAD;
    const middle = left + column;
    const right = left + 2 * column;
    const top = y0 + PAD;
    const rowA = top;
    const rowB = top + BLOCK + 10;
    const rowC = rowB + BLOCK + 10;

    // Top left: the board's facts.
    text('bold', `Board ${board.board}`, left, rowA + 12, { size: 13 });
    text('regular', `Dealer: ${board.dealer}`, left, rowA + 29, { size: 9.5 });
    text('regular', `Vul: ${board.vulnerability}`, left, rowA + 42, { size: 9.5 });

    compass(board, middle + column / 2, rowB + BLOCK / 2 - 2);

    const deal = board.deal ? parseDeal(board.deal) : null;
    if (!deal) {
      text('regular', 'Deal not known', middle + column / 2, rowC + 20, { size: 10, color: GREY, align: 'center' });
      return;
    }
    // Hands indented within their column, so North and South sit over the compass and East clears it.
    hand(deal.N, middle + 10, rowA, column - 10);
    hand(deal.W, left, rowB, column);
    hand(deal.E, right + 10, rowB, column - 10);
    hand(deal.S, middle + 10, rowC, column - 10);

    const bottom = rowC + BLOCK + 20;
    if (!board.analysis) {
      text('regular', 'Analysis pending', left, rowC + 2 * LINE, { size: 8.5, color: GREY });
      return;
    }
    grid(board.analysis.tricks, left, rowC);
    text('regular', `Par: ${formatPar(board.analysis.par)}`, left, bottom, { size: 10, width: inner });
  }

  function hand(cards: Hand | null, x: number, y: number, width: number) {
    if (!cards) {
      text('regular', 'not known', x, y + 2 * LINE, { size: 9, color: GREY });
      return;
    }
    SUIT_ORDER.forEach((suit, i) => {
      text('regular', `${STRAIN_SYMBOLS[suit]} ${cardsOf(cards[suit])}`, x, y + (i + 1) * LINE - 2.5, { size: HAND_SIZE, width });
    });
  }

  /** The table in the middle: the board number, each seat's letter, the vulnerable sides' edges in red. */
  function compass(board: HandRecordBoard, cx: number, cy: number) {
    const size = 48;
    const band = 7;
    const x = cx - size / 2;
    const y = cy - size / 2;
    const ns = board.vulnerability === 'NS' || board.vulnerability === 'All';
    const ew = board.vulnerability === 'EW' || board.vulnerability === 'All';
    if (ns) {
      doc.rect(x, y, size, band).fillColor(VULNERABLE).fill();
      doc
        .rect(x, y + size - band, size, band)
        .fillColor(VULNERABLE)
        .fill();
    }
    if (ew) {
      doc.rect(x, y, band, size).fillColor(VULNERABLE).fill();
      doc
        .rect(x + size - band, y, band, size)
        .fillColor(VULNERABLE)
        .fill();
    }
    doc.rect(x, y, size, size).lineWidth(0.8).strokeColor(BLACK).stroke();
    const letter = (seat: Seat, lx: number, ly: number) =>
      text(seat === board.dealer ? 'bold' : 'regular', seat, lx, ly, { size: 7, align: 'center', color: BLACK });
    letter('N', cx, y + band - 1);
    letter('S', cx, y + size - 1.5);
    letter('W', x + band / 2, cy + 2.5);
    letter('E', x + size - band / 2, cy + 2.5);
    text('bold', String(board.board), cx, cy + 4, { size: 11, align: 'center' });
  }

  /** The double-dummy grid: the level each seat makes in each strain, a dash where nothing makes. */
  function grid(tricks: NonNullable<HandRecordBoard['analysis']>['tricks'], x: number, y: number) {
    const label = 12;
    const cell = 14.5;
    const line = 11;
    GRID_STRAINS.forEach((strain, i) => {
      text('bold', STRAIN_SYMBOLS[strain], x + label + i * cell + cell / 2, y + line - 2, { size: strain === 'NT' ? 7.5 : 8.5, align: 'center' });
    });
    rule(x, y + line + 0.5, x + label + GRID_STRAINS.length * cell, y + line + 0.5);
    GRID_SEATS.forEach((seat, r) => {
      const baseline = y + (r + 2) * line;
      text('bold', seat, x + label / 2 - 1, baseline, { size: 8.5, align: 'center' });
      GRID_STRAINS.forEach((strain, i) => {
        const level = makeableLevel(tricks[seat][strain]);
        text('regular', level === null ? '–' : String(level), x + label + i * cell + cell / 2, baseline, {
          size: 8.5,
          align: 'center',
          color: level === null ? GREY : BLACK,
        });
      });
    });
  }
}
