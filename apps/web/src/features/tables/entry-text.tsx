import { ContractText, SuitSymbol } from '../../components/contract-text';
import classes from './table-page.module.css';
import { seatNameOfLetter } from '@bridge/api';
import { rankText, relativeText, type SuitLetter, type TableBoard } from './format';

type Entry = NonNullable<TableBoard['entry']>;

/** `4♠× by North, =` (or `Passed out`), with the lead when one was given: one line of an entry. */
export function EntryText({ entry }: { entry: Entry }) {
  const { contract, declarer, tricks, lead } = entry;
  if (contract.level === 0 || contract.strain === null) return <span>Passed out</span>;
  const offset = tricks === null ? null : tricks - 6 - contract.level;
  return (
    <span className={classes.entryText}>
      <ContractText contract={contract} /> {declarer ? <span className={classes.nowrap}>by {seatNameOfLetter[declarer]}</span> : null}
      {offset === null ? null : (
        <span className={classes.nowrap}>
          , {relativeText(offset)} ({tricks} tricks)
        </span>
      )}
      {lead ? (
        <span className={classes.nowrap}>
          , lead <SuitSymbol suit={lead[0] as SuitLetter} />
          {rankText(lead.slice(1))}
        </span>
      ) : null}
    </span>
  );
}
