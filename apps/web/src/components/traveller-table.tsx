import type { ResultLine } from '@bridge/api';
import type { ReactNode } from 'react';
import { ContractText } from './contract-text';
import { TableScroll } from './table-scroll';
import classes from './traveller-table.module.css';

export type PairSide = 'NS' | 'EW';

// A typographic minus: the same width as the plus sign, so signed columns line up.
const MINUS = '\u2212';

/** `400`, `−100`, `0`. */
const plainScore = (score: number): string => (score < 0 ? `${MINUS}${-score}` : String(score === 0 ? 0 : score));

/** Matchpoints trimmed to at most two decimals: `3`, `2.5`. */
const trimmedPoints = (points: number): string => {
  const text = String(Number(points.toFixed(2)));
  return text.startsWith('-') ? `${MINUS}${text.slice(1)}` : text;
};

const textHeaders = ['NS', 'EW', 'Contract', 'By'];
// The scores straight after the contract, and tricks last, so a phone shows the NS score unscrolled.
const figureHeaders = ['NS score', 'EW score', 'NS points', 'EW points', 'Tricks'];

/**
 * A board's traveller: every line's pairs, contract and declarer, both scores, both sides' points and the tricks,
 * in NS pair order, with a screen-reader caption and a scroll box named `Traveller of board N`.
 */
export function TravellerTable({
  board,
  lines,
  pairLabel = (pair) => String(pair),
  mark,
  formatScore = plainScore,
  formatPoints = trimmedPoints,
  extraColumn,
}: {
  board: number;
  lines: readonly ResultLine[];
  /** How a pair is named in the NS and EW columns (`3`, `NS 3`). */
  pairLabel?: (pair: number, side: PairSide) => string;
  /** The pairs of a line that carry the badge (`You`, `This table`); a line with one is marked as a whole. */
  mark?: { badge: string; pairs: (line: ResultLine) => readonly PairSide[] };
  /** A score from one side, `nsScore` or its negation; plain with a minus by default. */
  formatScore?: (score: number) => string;
  /** Matchpoints or IMPs; matchpoints to at most two decimals by default. */
  formatPoints?: (points: number) => string;
  /** One more figure per line after the tricks, such as the tricks against double dummy. */
  extraColumn?: { header: ReactNode; cell: (line: ResultLine) => ReactNode };
}) {
  const label = `Traveller of board ${board}`;
  const sorted = [...lines].sort((a, b) => a.nsPair - b.nsPair || a.ewPair - b.ewPair);
  return (
    <TableScroll label={label}>
      <table className={`${classes.table} ${classes.traveller}`}>
        <caption className={classes.srOnly}>{label}</caption>
        <thead>
          <tr>
            {textHeaders.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
            {figureHeaders.map((header) => (
              <th key={header} scope="col" className={classes.num}>
                {header}
              </th>
            ))}
            {extraColumn ? (
              <th scope="col" className={classes.num}>
                {extraColumn.header}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {sorted.map((line) => {
            const marked = mark?.pairs(line) ?? [];
            const pairCell = (side: PairSide, pair: number) => (
              <td>
                {pairLabel(pair, side)}
                {mark && marked.includes(side) ? <span className={classes.badge}>{mark.badge}</span> : null}
              </td>
            );
            return (
              <tr key={`${line.round}-${line.table}`} className={marked.length > 0 ? classes.marked : undefined}>
                {pairCell('NS', line.nsPair)}
                {pairCell('EW', line.ewPair)}
                <td>
                  <ContractText contract={line.contract} adjusted={line.adjusted} />
                </td>
                <td>{line.declarer ?? '–'}</td>
                <td className={classes.num}>{line.adjusted ? '–' : formatScore(line.nsScore)}</td>
                <td className={classes.num}>{line.adjusted ? '–' : formatScore(-line.nsScore)}</td>
                <td className={classes.num}>{formatPoints(line.ns)}</td>
                <td className={classes.num}>{formatPoints(line.ew)}</td>
                <td className={classes.num}>{line.tricks ?? '–'}</td>
                {extraColumn ? <td className={classes.num}>{extraColumn.cell(line)}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
