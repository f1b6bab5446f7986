import { DealError, parseDeal, SUIT_ORDER, type Hand } from '@bridge/engine';
import { seatNameOfLetter } from '@bridge/api';
import { formatRanks, type Seat } from './format';
import classes from './results-page.module.css';
import { SuitSymbol } from '../../../components/contract-text';

function HandView({ seat, hand }: { seat: Seat; hand: Hand | null }) {
  const name = seatNameOfLetter[seat];
  return (
    <div className={classes[`seat${seat}`]}>
      <div className={classes.seatName} aria-hidden="true">
        {name}
      </div>
      {hand ? (
        <ul className={classes.hand} aria-label={`${name}'s hand`}>
          {SUIT_ORDER.map((suit) => (
            <li key={suit}>
              <SuitSymbol suit={suit} />
              <span className={classes.ranks}>
                {hand[suit] ? (
                  formatRanks(hand[suit])
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className={classes.srOnly}>void</span>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={classes.unknownHand}>{name}'s hand is not known</p>
      )}
    </div>
  );
}

/** The four hands around a table: North at the top, West left, East right, South at the bottom. */
export function HandDiagram({ board, deal, caption }: { board: number; deal: string; caption: string }) {
  let hands;
  try {
    hands = parseDeal(deal);
  } catch (error) {
    if (error instanceof DealError) return null;
    throw error;
  }
  return (
    <figure className={classes.diagram} aria-label={`Hands of board ${board}`}>
      <HandView seat="N" hand={hands.N} />
      <HandView seat="W" hand={hands.W} />
      <div className={classes.compass} aria-hidden="true">
        <span>N</span>
        <span>
          <span>W</span>
          <span>E</span>
        </span>
        <span>S</span>
      </div>
      <HandView seat="E" hand={hands.E} />
      <HandView seat="S" hand={hands.S} />
      <figcaption className={classes.srOnly}>{caption}</figcaption>
    </figure>
  );
}
