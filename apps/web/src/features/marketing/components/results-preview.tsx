import { seatNameOfLetter } from '@bridge/api';
import { ColumnHeads } from '../../../components/column-heads';
import { ContractText } from '../../../components/contract-text';
import { boardTraveller, clubNight, type TravellerRow } from './poster-data';
import classes from './results-preview.module.css';

const vulnerabilityNames = { None: 'None', NS: 'North-South', EW: 'East-West', All: 'All' } as const;

// A typographic minus, as the results page prints scores, so signed columns line up.
const signed = (score: number) => (score > 0 ? `+${score}` : score < 0 ? `\u2212${-score}` : '0');

/** `4♠ S`, read out as `4 spades by South`. */
function ContractBy({ contract, declarer }: Pick<TravellerRow, 'contract' | 'declarer'>) {
  return (
    <>
      <ContractText contract={contract} />
      <span aria-hidden="true"> {declarer}</span>
      <span className={classes.srOnly}> by {seatNameOfLetter[declarer]}</span>
    </>
  );
}

/**
 * A board's traveller as the results page shows it, drawn from the same club night as the app pictures: every
 * table's contract, tricks, score and matchpoints (checked with the engine in poster-data.test.tsx).
 */
export function ResultsPreview() {
  const { board, dealer, vulnerability, rows, top } = boardTraveller;
  return (
    <figure className={classes.card} aria-labelledby="results-preview-title">
      <div className={classes.header}>
        <span className={classes.kicker}>Results · {clubNight.name}</span>
        <span id="results-preview-title" className={classes.title}>
          Board {board} traveller
        </span>
        <span className={classes.meta}>
          Dealer {seatNameOfLetter[dealer]} · Vulnerable: {vulnerabilityNames[vulnerability]}
        </span>
      </div>
      <table className={classes.table}>
        <ColumnHeads columns={['NS', 'EW', 'Contract', 'Tricks']} numbers={['Score NS', 'MP NS', 'MP EW']} numberClass={classes.number} />
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.ns}-${row.ew}`}>
              <td>{row.ns}</td>
              <td>{row.ew}</td>
              <td className={classes.contract}>
                <ContractBy contract={row.contract} declarer={row.declarer} />
              </td>
              <td>{row.tricks}</td>
              <td className={classes.number}>{signed(row.nsScore)}</td>
              <td className={classes.number}>{row.matchpoints.ns}</td>
              <td className={classes.number}>{row.matchpoints.ew}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className={classes.caption}>Matchpoints: 2 for each score beaten, 1 for each tie. Top {top}.</figcaption>
    </figure>
  );
}
