import classes from './table-page.module.css';
import { rankText, relativeText, seatNames, strains, type Strain, type SuitLetter, type TableBoard } from './format';

/** A suit or no-trumps in its card colour and shape, read out by its name. */
export function StrainMark({ strain }: { strain: Strain }) {
  const { symbol, name, red } = strains[strain];
  if (strain === 'NT') return <span>NT</span>;
  return (
    <span className={red ? classes.red : classes.black}>
      <span aria-hidden="true">{symbol}</span>
      <span className={classes.srOnly}>{` ${name.toLowerCase()} `}</span>
    </span>
  );
}

type Entry = NonNullable<TableBoard['entry']>;

/** `4♠× by North, =` (or `Passed out`), with the lead when one was given: one line of an entry. */
export function EntryText({ entry }: { entry: Entry }) {
  const { contract, declarer, tricks, lead } = entry;
  if (contract.level === 0 || contract.strain === null) return <span>Passed out</span>;
  const doubled = Math.min(2, Math.max(0, contract.doubled));
  const offset = tricks === null ? null : tricks - 6 - contract.level;
  return (
    <span className={classes.entryText}>
      <span className={classes.nowrap}>
        {contract.level}
        <StrainMark strain={contract.strain} />
        {doubled > 0 ? (
          <>
            <span aria-hidden="true">{'×'.repeat(doubled)}</span>
            <span className={classes.srOnly}>{doubled === 2 ? ' redoubled' : ' doubled'}</span>
          </>
        ) : null}
      </span>{' '}
      {declarer ? <span className={classes.nowrap}>by {seatNames[declarer]}</span> : null}
      {offset === null ? null : (
        <span className={classes.nowrap}>
          , {relativeText(offset)} ({tricks} tricks)
        </span>
      )}
      {lead ? (
        <span className={classes.nowrap}>
          , lead <StrainMark strain={lead[0] as SuitLetter} />
          {rankText(lead.slice(1))}
        </span>
      ) : null}
    </span>
  );
}
