import type { EventResults } from '@bridge/api';
import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { TravellerTable, type PairSide } from '../../../components/traveller-table';
import { againstDoubleDummy } from './analysis';
import analysisClasses from './analysis.module.css';
import { AnalysisPanel, DoubleDummyDifference } from './analysis-panel';
import { boardTop, dealerText, formatPoints, pairLabel } from './format';
import { HandDiagram } from './hand-diagram';
import classes from './results-page.module.css';

type Board = EventResults['boards'][number];

export const boardAnchor = (board: number) => `board-${board}`;

/** The viewer's pairs among a traveller line's two (keys `NS3` / `EW3`, or `3` with one winner). */
const sidesPlayedBy = (mine: ReadonlySet<string>, line: { nsPair: number; ewPair: number }, twoWinners: boolean): PairSide[] =>
  (['NS', 'EW'] as const).filter((side) => {
    const pair = side === 'NS' ? line.nsPair : line.ewPair;
    return mine.has(twoWinners ? `${side}${pair}` : String(pair));
  });

/** A scorecard's link to a board opens its traveller as well as going to it. */
export function openBoard(board: number) {
  const details = document.getElementById(boardAnchor(board));
  if (details instanceof HTMLDetailsElement) details.open = true;
}

/** A board's traveller, closed until opened: its hands and analysis when known, then every table's line. */
export function Traveller({
  board,
  imps,
  twoWinners,
  mine,
  analysisAvailable,
}: {
  board: Board;
  imps: boolean;
  twoWinners: boolean;
  mine: ReadonlySet<string>;
  analysisAvailable: boolean;
}) {
  const meta = dealerText(board.dealer, board.vulnerability);
  const { analysis } = board;
  // Matchpoints mean little without the top they are out of; IMPs have none.
  const top = imps ? null : boardTop(board.lines);
  return (
    <details className={classes.board} id={boardAnchor(board.board)}>
      <summary>Board {board.board}</summary>
      <div className={classes.boardBody}>
        <p className={classes.boardMeta}>{meta}</p>
        {top === null ? null : <p className={classes.boardMeta}>Top on this board: {formatPoints(top, false)} matchpoints</p>}
        {board.deal ? (
          <div className={analysisClasses.dealAndAnalysis}>
            <HandDiagram board={board.board} deal={board.deal} caption={meta} />
            <AnalysisPanel board={board.board} analysis={analysis} available={analysisAvailable} />
          </div>
        ) : null}
        {board.lines.length === 0 ? (
          <Text size="sm">No results for this board yet.</Text>
        ) : (
          <TravellerTable
            board={board.board}
            lines={board.lines}
            pairLabel={(pair, side) => pairLabel(twoWinners ? side : null, pair)}
            mark={{ badge: 'You', pairs: (line) => sidesPlayedBy(mine, line, twoWinners) }}
            formatPoints={(points) => formatPoints(points, imps)}
            extraColumn={
              analysis
                ? {
                    header: <abbr title="Tricks against double dummy: over (+) or under (−) what the declarer makes with best play">DD</abbr>,
                    cell: (line) => <DoubleDummyDifference difference={againstDoubleDummy(line, analysis)} />,
                  }
                : undefined
            }
          />
        )}
      </div>
    </details>
  );
}

/** Printing shows every board: closed ones are opened for the print and closed again afterwards. */
export function useOpenBoardsForPrint(container: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    let opened: HTMLDetailsElement[] = [];
    const before = () => {
      opened = [...(container.current?.querySelectorAll('details:not([open])') ?? [])] as HTMLDetailsElement[];
      for (const details of opened) details.open = true;
    };
    const after = () => {
      for (const details of opened) details.open = false;
      opened = [];
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [container]);
}
