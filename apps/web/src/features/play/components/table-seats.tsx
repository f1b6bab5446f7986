import type { PlayTableState } from '@bridge/api';
import { seatName, type Seat } from '@bridge/engine';
import { Text } from '@mantine/core';
import type { DragEvent, ReactNode } from 'react';
import { ContractText } from '../../../components/contract-text';
import { dummyOf, handToPlay, playableCards, type Place } from '../table-model';
import classes from '../play-table.module.css';
import { AwayMark } from './away-mark';
import { CARD_DRAG_TYPE, CardFace, CardHand, HiddenHand } from './card-hand';

const VULNERABLE: Record<PlayTableState['vulnerability'], Seat[]> = { None: [], NS: ['N', 'S'], EW: ['E', 'W'], All: ['N', 'E', 'S', 'W'] };

/** Cards a seat still holds, from what the table has played (a hand the viewer may not see is not in the frame). */
const cardsLeft = (state: PlayTableState, seat: Seat) =>
  13 - state.tricks.ns - state.tricks.ew - (state.trick.some((played) => played.seat === seat) ? 1 : 0);

function SeatLabel({ state, seat }: { state: PlayTableState; seat: Seat }) {
  const player = state.players[seat];
  const vulnerable = VULNERABLE[state.vulnerability].includes(seat);
  const acting = state.turn === seat && !state.result;
  return (
    <div className={`${classes.seatLabel} ${acting ? classes.acting : ''}`} data-seat={seat}>
      <span className={`${classes.seatLetter} ${vulnerable ? classes.vulnerable : ''}`} title={vulnerable ? 'Vulnerable' : 'Not vulnerable'}>
        {seat}
        <span className={classes.srOnly}>{vulnerable ? ', vulnerable' : ', not vulnerable'}</span>
      </span>
      {/* A seat nobody holds is named "Robot" already; a participant played by a robot keeps its name and the mark. */}
      {player && player.robot && player.name === 'Robot' ? null : <span className={classes.playerName}>{player?.name ?? seatName(seat)}</span>}
      {player?.robot ? <span className={classes.badge}>Robot</span> : null}
      {player?.away ? <AwayMark since={player.away} /> : null}
      {state.dealer === seat ? <span className={`${classes.badge} ${classes.dealerBadge}`}>Dealer</span> : null}
      {dummyOf(state) === seat ? <span className={classes.badge}>Dummy</span> : null}
      {acting ? <span className={classes.turnText}>{state.contract ? 'to play' : 'to call'}</span> : null}
    </div>
  );
}

interface SeatAreaProps {
  state: PlayTableState;
  seat: Seat;
  place: Place;
  onPlay: (card: string) => void;
  /** What the page adds at the seat: the person's video tile. */
  extra?: ReactNode;
}

/** One seat at the table: its label and its hand (faced when the viewer may see it, else its backs). */
export function SeatArea({ state, seat, place, onPlay, extra }: SeatAreaProps) {
  const cards = state.hands[seat];
  const plays = handToPlay(state) === seat;
  const label =
    seat === state.seat
      ? 'Your hand'
      : dummyOf(state) === seat
        ? `Dummy (${seatName(seat)})`
        : state.claim?.seat === seat && !state.result
          ? `${seatName(seat)}'s hand, faced for the claim`
          : `${seatName(seat)}'s hand`;
  return (
    <section
      className={`${classes.seat} ${classes[place]} ${cards ? classes.faced : ''}`}
      aria-label={`${seatName(seat)}: ${state.players[seat]?.name ?? ''}`}
    >
      <SeatLabel state={state} seat={seat} />
      {extra}
      {cards ? (
        <CardHand label={label} cards={cards} playable={plays ? playableCards(state, seat) : []} onPlay={plays ? onPlay : undefined} />
      ) : (
        <HiddenHand count={cardsLeft(state, seat)} label={`${seatName(seat)}'s hand`} />
      )}
    </section>
  );
}

/** The middle of the table: the trick in progress (or the last one, for review), the contract and the tricks taken. */
export function TableCentre({
  state,
  places,
  reviewing,
  onDropCard,
}: {
  state: PlayTableState;
  places: Record<Place, Seat>;
  reviewing: boolean;
  onDropCard: (card: string) => void;
}) {
  const shown = reviewing && state.lastTrick ? state.lastTrick : state.trick;
  const accept = (event: DragEvent) => {
    if (event.dataTransfer.types.includes(CARD_DRAG_TYPE)) event.preventDefault();
  };
  return (
    <div
      className={classes.centre}
      onDragOver={accept}
      onDrop={(event) => {
        const card = event.dataTransfer.getData(CARD_DRAG_TYPE);
        if (card) {
          event.preventDefault();
          onDropCard(card);
        }
      }}
    >
      <div className={classes.trick} aria-label={reviewing ? 'The last trick' : 'The trick in progress'} role="group">
        {(Object.entries(places) as [Place, Seat][]).map(([place, seat]) => {
          const played = shown.find((p) => p.seat === seat);
          return (
            <div key={place} className={`${classes.trickSlot} ${classes[`trick_${place}`]}`}>
              {played ? (
                <span className={classes.trickCard}>
                  <CardFace card={played.card} />
                  <span className={classes.srOnly}> by {seatName(seat)}</span>
                </span>
              ) : null}
            </div>
          );
        })}
        <div className={classes.trickMiddle}>
          {state.contract && state.declarer ? (
            <Text size="sm" fw={700}>
              <ContractText contract={{ ...state.contract, strain: state.contract.strain }} /> {state.declarer}
            </Text>
          ) : null}
          {state.contract ? (
            <Text size="xs" fw={600}>
              NS {state.tricks.ns} · EW {state.tricks.ew}
            </Text>
          ) : null}
          {reviewing ? (
            <Text size="xs" fw={700}>
              Last trick
            </Text>
          ) : null}
        </div>
      </div>
    </div>
  );
}
