import type { PlayTableState } from '@bridge/api';
import { seatName, type Seat } from '@bridge/engine';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import '@mantine/core/styles/Badge.layer.css';
import { AuctionTable, BiddingBox } from './components/auction';
import { BoardEnd } from './components/board-end';
import { RoundClock } from './components/round-clock';
import { SeatRobotControl } from './components/seat-robot';
import { ClaimDialog, Dispute, Question } from './components/table-questions';
import { SeatArea, TableCentre } from './components/table-seats';
import { TypedAction } from './components/typed-action';
import { announcement } from './announcement';
import type { PlayConnection, PlaySnapshot } from './play-connection';
import { dummyOf, handToPlay, legalCallsNow, playableCards, seatPlaces, toCall, turnWords, type Place } from './table-model';
import classes from './play-table.module.css';

/** The table: four seats around the trick, the auction and the bidding box, the controls, and what a screen reader hears. */
interface PlayTableProps {
  snapshot: PlaySnapshot;
  connection: PlayConnection;
  /** What the page shows at each seat besides its hand (the person's video). */
  atSeat?: (seat: Seat) => ReactNode;
  /** Controls the page adds to the bar (the video's switches). */
  barControls?: ReactNode;
  /** The seat at the bottom of the screen for a viewer without one (a kibitzer, the director); South when not given. */
  bottom?: Seat;
}

export function PlayTable({ snapshot, connection, atSeat, barControls, bottom }: PlayTableProps) {
  const state = snapshot.state!;
  const places = seatPlaces(state.seat ?? bottom ?? 'S');
  const [reviewing, setReviewing] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const [finished, setFinished] = useState<PlayTableState | null>(null);
  // The last board that ended here, for a kibitzer to look at again (its four hands come once every table is done).
  const [ended, setEnded] = useState<PlayTableState | null>(null);
  const [said, setSaid] = useState('');
  const previous = useRef<PlayTableState | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    setSaid(announcement(before, state));
    // A board that ended stays on show, with every hand, until the player goes on to the next.
    if (state.result && (!before || !before.result || before.board !== state.board)) {
      setFinished(state);
      setEnded(state);
    }
    if (before && before.trick.length > 0 && state.trick.length === 0) setReviewing(false);
  }, [state]);

  const live = snapshot.status === 'open';
  const play = (card: string) => {
    if (handToPlay(state) && playableCards(state, handToPlay(state)!).includes(card)) connection.send({ type: 'play', card });
  };
  const canClaim = Boolean(state.seat && state.contract && !state.result && !state.claim && !state.undo && state.seat !== dummyOf(state));
  // The opening lead stands once it is made: dummy is faced (Law 41).
  const openingLeadOnly = state.trick.length === 1 && state.tricks.ns + state.tricks.ew === 0;
  const canUndo = Boolean(
    state.seat && !state.result && !state.claim && !state.undo && !openingLeadOnly && (state.auction.length > 0 || state.trick.length > 0),
  );

  return (
    // data-table-position: where the table stands (board, calls, cards), for scripts that drive the page.
    <div
      className={classes.layout}
      data-table-position={`${state.board}:${state.auction.length}:${4 * (state.tricks.ns + state.tricks.ew) + state.trick.length}`}
    >
      <header className={classes.bar}>
        <Group gap="sm" wrap="wrap">
          <Text fw={700}>
            Table {state.table} · Board {state.board}
          </Text>
          <RoundClock clock={state.clock} readAt={snapshot.receivedAt} />
          <Text size="sm" c="gray.7">
            Round {state.round} · board {Math.min(state.boards.played + 1, state.boards.total)} of {state.boards.total} · Dealer {state.dealer} · Vul{' '}
            {state.vulnerability === 'None' ? 'none' : state.vulnerability === 'All' ? 'all' : state.vulnerability}
          </Text>
          {state.kibitzer ? <Badge variant="light">Kibitzing</Badge> : !state.seat ? <Badge variant="light">Director</Badge> : null}
        </Group>
        <Group gap="sm">
          {barControls}
          {snapshot.status === 'reconnecting' ? (
            <span className={`${classes.connection} ${classes.connectionLost}`} role="status">
              Reconnecting…
            </span>
          ) : (
            <span className={classes.connection}>Connected</span>
          )}
        </Group>
      </header>

      {snapshot.status === 'reconnecting' ? (
        <Alert color="gray" className={classes.reconnecting} title="Reconnecting to the table">
          The connection dropped. The table comes back as it was as soon as it is restored.
        </Alert>
      ) : null}

      <div className={classes.srOnly} role="status" aria-live="polite">
        {said}
      </div>

      <div className={classes.tableArea} aria-busy={!live}>
        <div className={classes.table}>
          {(Object.entries(places) as [Place, Seat][]).map(([place, seat]) => (
            <SeatArea
              key={seat}
              state={state}
              seat={seat}
              place={place}
              onPlay={play}
              extra={
                <>
                  {atSeat?.(seat)}
                  <SeatRobotControl state={state} seat={seat} connection={connection} />
                </>
              }
            />
          ))}
          {state.contract || state.result ? (
            <TableCentre state={state} places={places} reviewing={reviewing} onDropCard={play} />
          ) : (
            // The auction in the middle of the table, with the bidding box under it when the viewer is to call.
            <div className={`${classes.centre} ${classes.auctionCentre}`}>
              <AuctionTable state={state} />
              {toCall(state) && live ? (
                <BiddingBox
                  legal={legalCallsNow(state)}
                  onCall={(call, alert, explanation) => connection.send({ type: 'call', call, alert, ...(explanation ? { explanation } : {}) })}
                />
              ) : null}
            </div>
          )}
        </div>

        <aside className={classes.side} aria-label="Auction and controls">
          <Text fw={700} size="sm" className={classes.turnBanner}>
            {turnWords(state)}
          </Text>
          {snapshot.error ? (
            <Alert color="red" variant="light" role="alert" py={6}>
              {snapshot.error}
            </Alert>
          ) : null}
          <Question state={state} connection={connection} />
          <Dispute key={`${state.board}:${state.disputed?.seat}:${state.disputed?.left}`} state={state} connection={connection} live={live} />
          {state.contract ? (
            <details className={classes.auctionReview}>
              <summary>The auction</summary>
              <AuctionTable state={state} />
            </details>
          ) : null}
          {state.seat ? <TypedAction state={state} connection={connection} live={live} /> : null}
          <Group gap="xs">
            {state.lastTrick ? (
              <Button size="xs" variant="default" aria-pressed={reviewing} onClick={() => setReviewing(!reviewing)}>
                {reviewing ? 'Back to the trick' : 'Last trick'}
              </Button>
            ) : null}
            {canClaim ? (
              <Button size="xs" variant="default" onClick={() => setClaiming(true)} disabled={!live}>
                Claim
              </Button>
            ) : null}
            {state.kibitzer && ended && !finished ? (
              <Button size="xs" variant="default" onClick={() => setFinished(ended)}>
                Show all four hands of board {ended.board}
              </Button>
            ) : null}
            {canUndo ? (
              <Button size="xs" variant="default" onClick={() => connection.send({ type: 'undo' })} disabled={!live}>
                Undo
              </Button>
            ) : null}
          </Group>
          {state.stopped ? (
            <Alert color="red" role="alert" py={8} title="Play has stopped at this table">
              {state.stopped}
            </Alert>
          ) : null}
          {state.directorCall ? (
            <Alert color="gray" variant="light" role="status" py={8} title="The director is called">
              {seatName(state.directorCall.seat)} called the director.
              {!state.seat && !state.kibitzer ? (
                <Button size="xs" mt={6} display="block" onClick={() => connection.send({ type: 'directorHere' })}>
                  I am at the table
                </Button>
              ) : null}
            </Alert>
          ) : state.seat ? (
            <Button
              size="xs"
              variant="default"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => connection.send({ type: 'callDirector' })}
              disabled={!live}
            >
              Call the director
            </Button>
          ) : null}
          {state.roundOver ? (
            <Alert color="gray" title="The round is over at this table">
              {state.seat
                ? 'Every board of this round is played. The director starts the next round; your next table shows here.'
                : 'Every board of this round is played here. The table plays on when the director starts the next round.'}
            </Alert>
          ) : null}
        </aside>
      </div>

      {claiming ? (
        <ClaimDialog
          state={state}
          opened
          onClose={() => setClaiming(false)}
          onClaim={(tricks, statement) => connection.send({ type: 'claim', tricks, ...(statement ? { statement } : {}) })}
        />
      ) : null}
      {finished ? <BoardEnd finished={finished} onClose={() => setFinished(null)} /> : null}
    </div>
  );
}
