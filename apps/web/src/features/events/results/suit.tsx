import type { ResultLine } from '@bridge/api';
import { suits, type SuitLetter } from './format';
import classes from './results-page.module.css';

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
export function Contract({ contract, adjusted }: { contract: ResultLine['contract']; adjusted?: ResultLine['adjusted'] }) {
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
