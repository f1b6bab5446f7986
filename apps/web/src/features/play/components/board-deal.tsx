import type { PlayBoardReview, PlayDeal, PlayTableState } from '@bridge/api';
import { seatName, type Seat } from '@bridge/engine';
import { useQuery } from '@tanstack/react-query';
import { boardReviewQueryOptions } from '../api';
import { HandRows } from './card-hand';
import classes from '../play-table.module.css';

/** What a kibitzer reads while a board they watched finish is still played at another table. */
export const HANDS_LATER = 'The hands show once this board is finished at every table';

/** How often a kibitzer's finished board is asked for again: every few seconds while its deal is held back, then never. */
export const reviewPollInterval = (review: PlayBoardReview | undefined): number | false => (review?.deal ? false : 3000);

/** A board's four hands as a diagram: North at the top, West and East, South at the bottom, each named. */
export function FourHands({ deal, players }: { deal: PlayDeal; players: PlayTableState['players'] }) {
  return (
    <div className={classes.endHands} role="group" aria-label="The four hands">
      {(['N', 'W', 'E', 'S'] as Seat[]).map((seat) => (
        <div key={seat} className={classes[`end_${seat}`]}>
          <p className={classes.endHandName}>
            {seatName(seat)} · {players[seat]?.name}
          </p>
          <HandRows label={`${seatName(seat)}'s hand`} cards={deal[seat]} />
        </div>
      ))}
    </div>
  );
}

/** The four hands once the server gives them; until then, plainly, why they are not shown. */
export function DealOrWait({ review, players }: { review: PlayBoardReview | undefined; players: PlayTableState['players'] }) {
  if (!review) return null;
  if (review.deal) return <FourHands deal={review.deal} players={players} />;
  return (
    <p className={classes.handsLater} role="status">
      {HANDS_LATER}
    </p>
  );
}

/**
 * A kibitzer's look at a board finished at their table: the server gives its deal only once every table that plays
 * it has finished it, so it is asked for again every few seconds until it comes.
 */
export function KibitzerDeal({ finished }: { finished: PlayTableState }) {
  const review = useQuery({
    ...boardReviewQueryOptions(finished.key, finished.board),
    refetchInterval: (query) => reviewPollInterval(query.state.data),
  });
  return <DealOrWait review={review.data} players={finished.players} />;
}
