import type { ResultLine } from '@bridge/api';
import classes from './contract-text.module.css';

export type SuitLetter = 'S' | 'H' | 'D' | 'C';

/** Each suit's symbol, the name it is read out by, and its card colour. */
export const suits: Record<SuitLetter, { symbol: string; name: string; red: boolean }> = {
  S: { symbol: '♠', name: 'spades', red: false },
  H: { symbol: '♥', name: 'hearts', red: true },
  D: { symbol: '♦', name: 'diamonds', red: true },
  C: { symbol: '♣', name: 'clubs', red: false },
};

/** A suit symbol in its card colour, read out as the suit's name. */
export function SuitSymbol({ suit }: { suit: SuitLetter }) {
  const { symbol, name, red } = suits[suit];
  return (
    <span className={red ? classes.red : classes.black}>
      <span aria-hidden="true">{symbol}</span>
      <span className={classes.srOnly}>{` ${name} `}</span>
    </span>
  );
}

/** `4♠`, `3NT×`, `2♥××`, `Passed out`, or a director's adjusted score; doubling is read out as words. */
export function ContractText({ contract, adjusted }: { contract: ResultLine['contract']; adjusted?: ResultLine['adjusted'] }) {
  if (adjusted)
    return (
      <span>
        Adjusted {adjusted.ns} / {adjusted.ew}
      </span>
    );
  if (contract.level === 0 || contract.strain === null) return <span>Passed out</span>;
  const doubled = Math.min(2, Math.max(0, contract.doubled));
  return (
    <span className={classes.contract}>
      {contract.level}
      {contract.strain === 'NT' ? 'NT' : <SuitSymbol suit={contract.strain} />}
      {doubled > 0 ? (
        <>
          <span aria-hidden="true">{'×'.repeat(doubled)}</span>
          <span className={classes.srOnly}>{doubled === 2 ? ' redoubled' : ' doubled'}</span>
        </>
      ) : null}
    </span>
  );
}
