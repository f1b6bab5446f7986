import QRCode from 'qrcode';
import { boardRange, pairLabel, pairRoundLine, type PairId, type PairRound, type TableRound } from '@bridge/engine';
import { openPdfDocument, type PdfDoc } from '../../lib/exports/pdf-document.ts';

// The printed cards of a club session. Table cards: two to an A4 page (each half an A5 card, cut along the dashed
// line), with the table's number and code large, the QR code of its phone page, and its rounds' pairs and boards.
// Pair guide cards: up to eight to a page, each pair's table, direction and boards round by round.

/** What heads every card. */
export interface CardsHeading {
  key: string;
  name: string;
  /** The day the session is played. */
  date: Date;
  /** The movement as the director chose it ("Mitchell, 5 tables"). */
  movement: string;
}

export interface TableCard {
  table: number;
  /** The six digits a phone types to hold this table; null when the table has none. */
  code: string | null;
  /** The table's phone page: the QR code's address. */
  url: string | null;
  rounds: TableRound[];
}

export interface PairCard {
  pair: PairId;
  /** The players' names, when entered. */
  names: string[];
  rounds: PairRound[];
}

const PAGE = { width: 595.28, height: 841.89 };
const BLACK = '#111111';
const GREY = '#5f5f5f';
const CUT = '#8a8a8a';

const dateOf = (date: Date) => date.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The dashed lines to cut the cards apart along. */
function cutLine(doc: PdfDoc, x1: number, y1: number, x2: number, y2: number) {
  doc.save().moveTo(x1, y1).lineTo(x2, y2).lineWidth(0.5).dash(4, { space: 3 }).strokeColor(CUT).stroke().undash().restore();
}

/** The QR code of `value`, drawn as squares (no image), `size` points wide with a quiet zone inside it. */
function drawQr(doc: PdfDoc, value: string, x: number, y: number, size: number) {
  const { size: modules, data } = QRCode.create(value, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 2;
  const cell = size / (modules + 2 * quiet);
  doc.rect(x, y, size, size).fillColor('#ffffff').fill();
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!data[row * modules + col]) continue;
      let end = col;
      while (end + 1 < modules && data[row * modules + end + 1]) end++;
      doc.rect(x + (quiet + col) * cell, y + (quiet + row) * cell, (end - col + 1) * cell, cell);
      col = end;
    }
  }
  doc.fillColor('#000000').fill();
}

/** How a list of `count` lines fits a box: columns side by side and a line height, the largest that fits. */
function fitLines(count: number, height: number, most: number, least: number): { columns: number; line: number; perColumn: number } {
  for (let columns = 1; ; columns++) {
    const perColumn = Math.ceil(count / columns);
    const line = Math.min(most, height / Math.max(1, perColumn));
    if (line >= least || columns >= 4) return { columns, line, perColumn };
  }
}

const TABLE_CARD = { width: PAGE.width, height: PAGE.height / 2, margin: 28 };

/** Writes the table cards of a session: two to an A4 page, one a table. */
export async function tableCardsPdf(heading: CardsHeading, cards: readonly TableCard[]): Promise<Buffer> {
  const { doc, text, rule, finish } = await openPdfDocument({ title: `${heading.name}: table cards`, subject: `Event ${heading.key}` });
  const perPage = 2;
  const pages = Math.max(1, Math.ceil(cards.length / perPage));
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    cutLine(doc, 12, TABLE_CARD.height, PAGE.width - 12, TABLE_CARD.height);
    cards.slice(page * perPage, (page + 1) * perPage).forEach((card, i) => drawTableCard(card, 0, i * TABLE_CARD.height));
  }
  return finish();

  function drawTableCard(card: TableCard, x0: number, y0: number) {
    const { margin } = TABLE_CARD;
    const left = x0 + margin;
    const top = y0 + margin;
    const leftWidth = 190;
    const right = x0 + TABLE_CARD.width - margin;

    text(heading.name, left, top + 12, { size: 12, bold: true, width: leftWidth });
    text(dateOf(heading.date), left, top + 27, { size: 9, color: GREY, width: leftWidth });

    text('Table', left, top + 56, { size: 12, color: GREY });
    text(String(card.table), left, top + 120, { size: 72, bold: true });

    text('Table code', left, top + 150, { size: 10, color: GREY });
    text(card.code ?? '—', left, top + 180, { size: 30, bold: true });

    const qrSize = 112;
    if (card.url) {
      drawQr(doc, card.url, left - 5, top + 190, qrSize);
      const note = { size: 8.5, color: GREY, width: leftWidth + 10 };
      text('Scan with a phone to score at this table,', left, top + 316, note);
      text('or open this address and type the code:', left, top + 328, note);
      text(card.url, left, top + 342, { size: 8, width: leftWidth + 10 });
    }

    // The schedule: the rest of the card, in columns when the rounds are many.
    const scheduleLeft = left + leftWidth + 30;
    rule(scheduleLeft - 15, top, scheduleLeft - 15, y0 + TABLE_CARD.height - margin);
    text(heading.movement, scheduleLeft, top + 12, { size: 9, color: GREY, width: right - scheduleLeft });
    const headTop = top + 34;
    const bodyTop = headTop + 8;
    const bodyHeight = y0 + TABLE_CARD.height - margin - bodyTop;
    const { columns, line, perColumn } = fitLines(card.rounds.length, bodyHeight, 22, 11);
    const gap = 14;
    const columnWidth = (right - scheduleLeft - (columns - 1) * gap) / columns;
    const size = Math.min(12, Math.max(6.5, line * 0.62));
    for (let c = 0; c < columns; c++) {
      const cx = scheduleLeft + c * (columnWidth + gap);
      const at = { round: cx, ns: cx + columnWidth * 0.2, ew: cx + columnWidth * 0.42, boards: cx + columnWidth * 0.64 };
      text('Round', at.round, headTop, { size: 8.5, bold: true, color: GREY });
      text('NS', at.ns, headTop, { size: 8.5, bold: true, color: GREY });
      text('EW', at.ew, headTop, { size: 8.5, bold: true, color: GREY });
      text('Boards', at.boards, headTop, { size: 8.5, bold: true, color: GREY });
      rule(cx, headTop + 4, cx + columnWidth, headTop + 4);
      card.rounds.slice(c * perColumn, (c + 1) * perColumn).forEach((round, i) => {
        const baseline = bodyTop + (i + 0.72) * line;
        text(String(round.round), at.round + 8, baseline, { size, bold: true, align: 'center' });
        if (round.idle) {
          text('no play at this table', at.ns, baseline, { size, color: GREY, width: cx + columnWidth - at.ns });
        } else if (round.sitsOut) {
          text(`${pairLabel(round.sitsOut)} sits out; boards ${boardRange(round.boards)} rest`, at.ns, baseline, {
            size,
            color: GREY,
            width: cx + columnWidth - at.ns,
          });
        } else {
          text(String(round.ns!.pair), at.ns, baseline, { size });
          text(String(round.ew!.pair), at.ew, baseline, { size });
          text(boardRange(round.boards), at.boards, baseline, { size, width: cx + columnWidth - at.boards });
        }
      });
    }
  }
}

/** The card sizes a pair guide page is cut into, fewest rounds first: more to a page when the rounds are few. */
const GUIDE_LAYOUTS = [
  { columns: 2, rows: 4, rounds: 8 },
  { columns: 2, rows: 3, rounds: 13 },
  { columns: 2, rows: 2, rounds: 24 },
  { columns: 1, rows: 2, rounds: Infinity },
] as const;

/** Writes the pair guide cards of a session: one a pair, up to eight to an A4 page. */
export async function pairGuidesPdf(heading: CardsHeading, cards: readonly PairCard[]): Promise<Buffer> {
  const { doc, text, rule, finish } = await openPdfDocument({ title: `${heading.name}: pair guide cards`, subject: `Event ${heading.key}` });
  const most = cards.reduce((n, card) => Math.max(n, card.rounds.length), 0);
  const layout = GUIDE_LAYOUTS.find((l) => most <= l.rounds)!;
  const perPage = layout.columns * layout.rows;
  const card = { width: PAGE.width / layout.columns, height: PAGE.height / layout.rows };
  const pages = Math.max(1, Math.ceil(cards.length / perPage));
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    for (let c = 1; c < layout.columns; c++) cutLine(doc, c * card.width, 12, c * card.width, PAGE.height - 12);
    for (let r = 1; r < layout.rows; r++) cutLine(doc, 12, r * card.height, PAGE.width - 12, r * card.height);
    cards.slice(page * perPage, (page + 1) * perPage).forEach((guide, i) => {
      drawGuide(guide, (i % layout.columns) * card.width, Math.floor(i / layout.columns) * card.height);
    });
  }
  return finish();

  function drawGuide(guide: PairCard, x0: number, y0: number) {
    const margin = 18;
    const left = x0 + margin;
    const right = x0 + card.width - margin;
    const top = y0 + margin;
    const width = right - left;
    text(heading.name, left, top + 10, { size: 10, bold: true, width: width - 90 });
    text(dateOf(heading.date), left, top + 23, { size: 8, color: GREY, width: width - 90 });
    text('Pair', right, top + 10, { size: 9, color: GREY, align: 'right' });
    text(pairLabel(guide.pair), right, top + 40, { size: 28, bold: true, align: 'right' });
    text(guide.names.length > 0 ? guide.names.join(' & ') : 'Players not entered yet', left, top + 48, {
      size: 10.5,
      color: guide.names.length > 0 ? BLACK : GREY,
      width: width - 90,
    });
    rule(left, top + 58, right, top + 58);
    const bodyTop = top + 64;
    const bodyHeight = y0 + card.height - margin - bodyTop;
    const { columns, line, perColumn } = fitLines(guide.rounds.length, bodyHeight, 15, 10);
    const gap = 12;
    const columnWidth = (width - (columns - 1) * gap) / columns;
    const size = Math.min(10.5, Math.max(6.5, line * 0.72));
    for (let c = 0; c < columns; c++) {
      guide.rounds.slice(c * perColumn, (c + 1) * perColumn).forEach((round, i) => {
        const x = left + c * (columnWidth + gap);
        text(pairRoundLine(round), x, bodyTop + (i + 0.8) * line, { size, color: round.sitsOut ? GREY : BLACK, width: columnWidth });
      });
    }
  }
}
