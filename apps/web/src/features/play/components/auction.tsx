import type { PlayTableState } from '@bridge/api';
import type { Call, Seat } from '@bridge/engine';
import { Checkbox, TextInput } from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ColumnHeads } from '../../../components/column-heads';
import { SuitSymbol, type SuitLetter } from '../../../components/contract-text';
import { callWords } from '../table-model';
import classes from '../play-table.module.css';

const COLUMNS: Seat[] = ['W', 'N', 'E', 'S'];
const STRAINS = ['C', 'D', 'H', 'S', 'NT'] as const;

/** A call as printed: `1♠`, `3NT`, `Pass`, `X`, `XX`; read out in words. */
export function CallText({ call }: { call: string }) {
  if (call === 'Pass' || call === 'X' || call === 'XX')
    return (
      <span>
        <span aria-hidden="true">{call}</span>
        <span className={classes.srOnly}>{callWords(call)}</span>
      </span>
    );
  const strain = call.slice(1);
  return (
    <span>
      {call[0]}
      {strain === 'NT' ? 'NT' : <SuitSymbol suit={strain as SuitLetter} />}
    </span>
  );
}

/**
 * The auction as a table with the usual layout: West, North, East, South across, the dealer's call in its column
 * (empty cells before it), one row a round. An alerted call is marked, and its explanation is there for those who
 * may read it.
 */
export function AuctionTable({ state }: { state: PlayTableState }) {
  const skip = COLUMNS.indexOf(state.dealer);
  const cells: (PlayTableState['auction'][number] | null)[] = [...Array.from({ length: skip }, () => null), ...state.auction];
  if (!state.contract && !state.result && state.turn) cells.push(null);
  const rows: (typeof cells)[] = [];
  for (let i = 0; i < cells.length; i += 4) rows.push(cells.slice(i, i + 4));
  return (
    <table className={classes.auction}>
      <caption className={classes.srOnly}>The auction</caption>
      <ColumnHeads columns={COLUMNS} />
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {COLUMNS.map((seat, c) => {
              const cell = row[c];
              const index = r * 4 + c - skip;
              const waiting = !cell && index === state.auction.length && state.turn === seat && !state.contract;
              return (
                <td key={seat} className={waiting ? classes.waitingCell : undefined}>
                  {cell ? (
                    <span className={cell.alert ? classes.alerted : undefined} title={cell.explanation}>
                      <CallText call={cell.call} />
                      {cell.alert ? <span className={classes.alertMark}> (alert{cell.explanation ? `: ${cell.explanation}` : ''})</span> : null}
                    </span>
                  ) : waiting ? (
                    <span aria-label={`${seat} to call`}>?</span>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface BiddingBoxProps {
  legal: readonly Call[];
  onCall: (call: Call, alert: boolean, explanation: string) => void;
}

/**
 * The bidding box: every bid by level and strain, and Pass, double and redouble. Only the calls legal now can be
 * pressed. Alert marks the call for the opponents; the explanation goes to them alone.
 */
export function BiddingBox({ legal, onCall }: BiddingBoxProps) {
  const [alert, setAlert] = useState(false);
  const [explanation, setExplanation] = useState('');
  const grid = useRef<HTMLDivElement>(null);
  const make = (call: Call) => {
    onCall(call, alert || explanation.trim() !== '', explanation.trim());
    setAlert(false);
    setExplanation('');
  };
  // Arrow keys move through the box's enabled buttons; Enter or Space makes the call.
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' ? -5 : 5;
    buttons[Math.max(0, Math.min(buttons.length - 1, at + step))]?.focus();
  };
  const button = (call: Call, label: ReactNode, extra = '') => (
    <button
      key={call}
      type="button"
      className={`${classes.bid} ${extra}`}
      disabled={!legal.includes(call)}
      data-call={call}
      onClick={() => make(call)}
    >
      {label}
    </button>
  );
  return (
    <section className={classes.biddingBox} aria-label="Bidding box">
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- arrow keys bubble up from the call buttons, which alone take the focus */}
      <div ref={grid} onKeyDown={move} className={classes.bids} role="group" aria-label="Calls legal now">
        {[1, 2, 3, 4, 5, 6, 7].flatMap((level) =>
          STRAINS.map((strain) => button(`${level}${strain}` as Call, <CallText call={`${level}${strain}`} />)),
        )}
      </div>
      <div className={classes.otherCalls}>
        {button('Pass', 'Pass', classes.pass)}
        {button('X', <CallText call="X" />, classes.double)}
        {button('XX', <CallText call="XX" />, classes.redouble)}
      </div>
      <div className={classes.alertRow}>
        <Checkbox label="Alert" checked={alert} onChange={(event) => setAlert(event.currentTarget.checked)} />
        <TextInput
          aria-label="Explanation for the opponents"
          placeholder="Explanation for the opponents"
          value={explanation}
          maxLength={300}
          onChange={(event) => setExplanation(event.currentTarget.value)}
          size="xs"
          className={classes.explanation}
        />
      </div>
    </section>
  );
}
