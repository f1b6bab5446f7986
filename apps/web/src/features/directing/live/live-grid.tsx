import type { GridCell } from '@bridge/api';
import { Anchor, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import hidden from '../../../components/visually-hidden.module.css';
import { boardMark, markOrder, marks, type GridBoard } from './board-status';
import { JoinTableLink } from './director-calls';
import classes from './live-view.module.css';
import { formatNsScore } from './result-entry';

type LiveGridProps = {
  grid: GridCell[];
  tables: number;
  rounds: number;
  currentRound: number;
  pairLabel: (side: 'NS' | 'EW', pair: number) => string;
  onBoard: (cell: GridCell, board: GridBoard) => void;
  /** In an online event, the address of each table's video chat. */
  videoHref?: (table: number) => string | undefined;
  /** In an online event in play, the address of each table's page, where the director sits as director. */
  joinHref?: (table: number) => string;
};

/** Tables down, rounds across; each cell its two pairs and its boards, each board a button that opens its result. */
export function LiveGrid({ grid, tables, rounds, currentRound, pairLabel, onBoard, videoHref, joinHref }: LiveGridProps) {
  const cells = new Map(grid.map((cell) => [`${cell.table}-${cell.round}`, cell]));
  const tableNumbers = Array.from({ length: Math.max(tables, ...grid.map((cell) => cell.table)) }, (_, i) => i + 1);
  const roundNumbers = Array.from({ length: Math.max(rounds, ...grid.map((cell) => cell.round)) }, (_, i) => i + 1);
  const frame = useRef<HTMLDivElement>(null);
  const currentHeader = useRef<HTMLTableCellElement>(null);

  // On a narrow screen the grid opens on the round in play, just after the tables' column: once, when it first
  // overflows (the shell around it may still be laying out when it mounts).
  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    let done = false;
    const scroll = () => {
      const header = currentHeader.current;
      if (done || !header || box.scrollWidth <= box.clientWidth) return;
      done = true;
      const tablesColumn = box.querySelector('th[scope="row"]')?.getBoundingClientRect().width ?? 0;
      box.scrollLeft = Math.max(0, header.offsetLeft - tablesColumn);
    };
    scroll();
    if (done || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(scroll);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [currentRound]);

  return (
    <div ref={frame} className={classes.gridFrame} tabIndex={0} role="region" aria-label="Tables by rounds">
      <table className={classes.grid}>
        <caption className={hidden.srOnly}>Boards by table and round; round {currentRound} is being played</caption>
        <thead>
          <tr>
            <td className={classes.corner} />
            {roundNumbers.map((round) => (
              <th
                key={round}
                ref={round === currentRound ? currentHeader : undefined}
                scope="col"
                className={round === currentRound ? classes.current : undefined}
                aria-current={round === currentRound ? 'true' : undefined}
              >
                Round {round}
                {round === currentRound ? <span className={classes.nowTag}> now</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tableNumbers.map((table) => (
            <tr key={table}>
              <th scope="row" className={classes.rowHead}>
                Table {table}
                {videoHref?.(table) ? (
                  <Anchor component={Link} to={videoHref(table)!} size="sm" display="block" fw={400} aria-label={`Video chat of table ${table}`}>
                    Video
                  </Anchor>
                ) : null}
                {joinHref && table <= tables ? (
                  <div>
                    <JoinTableLink table={table} href={joinHref(table)} />
                  </div>
                ) : null}
              </th>
              {roundNumbers.map((round) => {
                const cell = cells.get(`${table}-${round}`);
                return (
                  <td key={round} className={round === currentRound ? classes.current : undefined}>
                    {cell ? (
                      <Cell cell={cell} pairLabel={pairLabel} onBoard={onBoard} />
                    ) : (
                      <Text size="sm" c="dimmed">
                        No play
                      </Text>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ cell, pairLabel, onBoard }: { cell: GridCell; pairLabel: LiveGridProps['pairLabel']; onBoard: LiveGridProps['onBoard'] }) {
  return (
    <div className={classes.cell}>
      <Text size="sm" fw={600} className={classes.pairs}>
        {pairLabel('NS', cell.nsPair)} v {pairLabel('EW', cell.ewPair)}
        {cell.sitOut ? (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            (sit-out)
          </Text>
        ) : null}
      </Text>
      <ul className={classes.boards}>
        {cell.boards.map((board) => {
          const mark = boardMark(board);
          const detail = [
            board.contract,
            board.nsScore !== null ? formatNsScore(board.nsScore) : null,
            board.adjusted ? `adjusted NS ${board.adjusted.ns} EW ${board.adjusted.ew}` : null,
          ]
            .filter(Boolean)
            .join(', ');
          const name = `Board ${board.board}, ${marks[mark].words}${detail ? `, ${detail}` : ''}`;
          return (
            <li key={board.board}>
              <UnstyledButton
                className={classes.board}
                data-mark={mark}
                aria-haspopup="dialog"
                aria-label={`${name}, table ${cell.table}, round ${cell.round}`}
                title={name}
                onClick={() => onBoard(cell, board)}
              >
                <span className={classes.boardNumber}>{board.board}</span>
                <span className={classes.symbol} aria-hidden="true">
                  {marks[mark].symbol}
                </span>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The marks of the grid in words. */
export function GridLegend() {
  return (
    <div>
      <Text size="sm" fw={600} id="grid-legend">
        Legend
      </Text>
      <ul className={classes.legend} aria-labelledby="grid-legend">
        {markOrder.map((mark) => (
          <li key={mark}>
            <span className={classes.board} data-mark={mark} aria-hidden="true">
              <span className={classes.symbol}>{marks[mark].symbol}</span>
            </span>
            <Text span size="sm">
              {marks[mark].legend}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
