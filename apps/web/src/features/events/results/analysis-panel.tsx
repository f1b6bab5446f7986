import type { DealAnalysis } from '@bridge/api';
import { seatNameOfLetter } from '@bridge/api';
import { formatScore, MINUS } from './format';
import { makeableLevel, parseParContract } from '@bridge/engine';
import { GRID_HANDS, GRID_STRAINS, type Strain } from './analysis';
import classes from './analysis.module.css';
import { SuitSymbol } from '../../../components/contract-text';

const strainNames: Record<Strain, string> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades', NT: 'no trumps' };
const sideNames: Record<string, string> = { NS: 'North-South', EW: 'East-West' };

function StrainLabel({ strain }: { strain: Strain }) {
  return strain === 'NT' ? <span>NT</span> : <SuitSymbol suit={strain} />;
}

/** "4♠ by N", "3NT+1 by NS", "5♥× by EW −2": one par contract as results pages write it. */
function ParContractText({ text }: { text: string }) {
  let par;
  try {
    par = parseParContract(text);
  } catch {
    return <span>{text}</span>;
  }
  const by = sideNames[par.seats] ?? seatNameOfLetter[par.seats as keyof typeof seatNameOfLetter];
  return (
    <span>
      {par.level}
      <StrainLabel strain={par.strain} />
      {par.doubled ? (
        <>
          <span aria-hidden="true">×</span>
          <span className={classes.srOnly}> doubled</span>
        </>
      ) : null}
      {par.overtricks > 0 ? `+${par.overtricks}` : null}
      <span aria-hidden="true"> by {par.seats}</span>
      <span className={classes.srOnly}> by {by}</span>
      {par.overtricks < 0 ? (
        <>
          <span aria-hidden="true"> {`${MINUS}${-par.overtricks}`}</span>
          <span className={classes.srOnly}>, going down {-par.overtricks}</span>
        </>
      ) : null}
    </span>
  );
}

/** "Par 4♠ by N, +420": the par score from North-South's side; a deal nobody makes anything on is passed out. */
export function ParLine({ analysis }: { analysis: DealAnalysis }) {
  const { score, contracts } = analysis.par;
  if (!contracts.length) return <p className={classes.par}>Par 0 (passed out)</p>;
  return (
    <p className={classes.par}>
      Par{' '}
      {contracts.map((text, i) => (
        <span key={text}>
          {i > 0 ? ' or ' : null}
          <ParContractText text={text} />
        </span>
      ))}
      , {score > 0 ? '+' : ''}
      {formatScore(score)}
      <span className={classes.srOnly}> for North-South</span>
    </p>
  );
}

/**
 * What each hand makes as declarer in each strain with best play on all sides (the level: tricks over six), as
 * a table screen readers can walk; a dash where the hand makes nothing.
 */
export function DoubleDummyGrid({ board, analysis }: { board: number; analysis: DealAnalysis }) {
  return (
    <table className={classes.grid}>
      <caption className={classes.srOnly}>
        Double-dummy makeable contracts of board {board}: the level each hand makes as declarer in each strain
      </caption>
      <thead>
        <tr>
          <td />
          {GRID_STRAINS.map((strain) => (
            <th key={strain} scope="col">
              <StrainLabel strain={strain} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {GRID_HANDS.map((hand) => (
          <tr key={hand}>
            <th scope="row">
              <span aria-hidden="true">{hand}</span>
              <span className={classes.srOnly}>{seatNameOfLetter[hand]}</span>
            </th>
            {GRID_STRAINS.map((strain) => {
              const tricks = analysis.tricks[hand][strain];
              const level = makeableLevel(tricks);
              return (
                <td key={strain} title={`${seatNameOfLetter[hand]} takes ${tricks} tricks in ${strainNames[strain]}`}>
                  {level === null ? (
                    <>
                      <span className={classes.none} aria-hidden="true">
                        –
                      </span>
                      <span className={classes.srOnly}>nothing</span>
                    </>
                  ) : (
                    level
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The grid and par of a board, or why there are none yet. */
export function AnalysisPanel({ board, analysis, available }: { board: number; analysis: DealAnalysis | null; available: boolean }) {
  if (!analysis) {
    return available ? <p className={classes.note}>Double-dummy analysis of this deal is on its way.</p> : null;
  }
  return (
    <div className={classes.panel}>
      <DoubleDummyGrid board={board} analysis={analysis} />
      <ParLine analysis={analysis} />
    </div>
  );
}

/** A traveller line's tricks against double dummy: `+1`, `=`, `−2`. */
export function DoubleDummyDifference({ difference }: { difference: number | null }) {
  if (difference === null) return <span aria-label="not applicable">–</span>;
  if (difference === 0) return <span aria-label="as double dummy">=</span>;
  const text = difference > 0 ? `+${difference}` : `${MINUS}${-difference}`;
  return <span aria-label={difference > 0 ? `${difference} over double dummy` : `${-difference} under double dummy`}>{text}</span>;
}
