import type { PlayTableState } from '@bridge/api';
import { seatName, type Seat } from '@bridge/engine';
import { Alert, Badge, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import '@mantine/core/styles/Badge.layer.css';
import { useQuery } from '@tanstack/react-query';
import { ContractText } from '../../components/contract-text';
import { TravellerTable } from '../../components/traveller-table';
import { boardReviewQueryOptions } from './api';
import { AuctionTable, BiddingBox } from './components/auction';
import { AwayMark } from './components/away-mark';
import { KibitzerDeal } from './components/board-deal';
import { CARD_DRAG_TYPE, CardFace, CardHand, HandRows, HiddenHand } from './components/card-hand';
import { RoundClock } from './components/round-clock';
import { SeatRobotControl } from './components/seat-robot';
import { announcement } from './announcement';
import type { PlayConnection, PlaySnapshot } from './play-connection';
import { dummyOf, handToPlay, legalCallsNow, playableCards, readTyped, seatPlaces, toCall, turnWords, type Place } from './table-model';
import classes from './play-table.module.css';

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
function SeatArea({ state, seat, place, onPlay, extra }: SeatAreaProps) {
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
function TableCentre({
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

/** The claim dialog: how many of the tricks left, and a statement of the line. */
function ClaimDialog({
  state,
  opened,
  onClose,
  onClaim,
}: {
  state: PlayTableState;
  opened: boolean;
  onClose: () => void;
  onClaim: (tricks: number, statement: string) => void;
}) {
  const left = 13 - state.tricks.ns - state.tricks.ew;
  const [tricks, setTricks] = useState<number | string>(left);
  const [statement, setStatement] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onClaim(Number(tricks), statement.trim());
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Claim">
      <form onSubmit={submit}>
        <Stack>
          <NumberInput label={`Tricks you claim of the ${left} left`} min={0} max={left} value={tricks} onChange={setTricks} allowDecimal={false} />
          <TextInput label="Statement (how you will play)" maxLength={300} value={statement} onChange={(e) => setStatement(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Claim</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The board's traveller so far, as the results page shows it (where the event shows travellers). */
function BoardTraveller({ finished }: { finished: PlayTableState }) {
  const review = useQuery(boardReviewQueryOptions(finished.key, finished.board));
  if (!review.data || review.data.lines.length === 0) return null;
  return <TravellerTable board={finished.board} lines={review.data.lines} />;
}

/**
 * A finished board: the contract, the tricks, the score and the four hands, until the player goes on. A kibitzer sees
 * the four hands only once every table has finished the board.
 */
function BoardEnd({ finished, onClose }: { finished: PlayTableState; onClose: () => void }) {
  const result = finished.result!;
  return (
    <Modal opened onClose={onClose} title={`Board ${finished.board} is over`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>
          {finished.contract && finished.declarer ? (
            <>
              <ContractText contract={finished.contract} /> by {seatName(finished.declarer)}: {result.tricks} tricks.
            </>
          ) : (
            'Passed out.'
          )}{' '}
          North-South score <strong>{result.score > 0 ? `+${result.score}` : result.score}</strong>.
        </Text>
        {finished.kibitzer ? (
          <KibitzerDeal finished={finished} />
        ) : (
          <div className={classes.endHands}>
            {(['N', 'W', 'E', 'S'] as Seat[]).map((seat) =>
              finished.hands[seat] ? (
                <div key={seat} className={classes[`end_${seat}`]}>
                  <Text size="sm" fw={700}>
                    {seatName(seat)} · {finished.players[seat]?.name}
                  </Text>
                  <HandRows label={`${seatName(seat)}'s hand`} cards={finished.hands[seat]} />
                </div>
              ) : null,
            )}
          </div>
        )}
        <BoardTraveller finished={finished} />
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {finished.kibitzer ? 'Back to the table' : 'Next board'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The question waiting for this seat: accept or reject an opponent's claim or undo. */
function Question({ state, connection }: { state: PlayTableState; connection: PlayConnection }) {
  if (!state.seat) return null;
  if (state.claim) {
    const claimer = seatName(state.claim.seat);
    const asked = state.claim.awaiting.includes(state.seat);
    return (
      <Alert color="gray" title={`${claimer} claims ${state.claim.tricks} of the tricks left`} className={classes.question}>
        <Stack gap="xs">
          {state.claim.statement ? <Text size="sm">“{state.claim.statement}”</Text> : null}
          {asked ? (
            <Group gap="xs">
              <Button size="xs" onClick={() => connection.send({ type: 'claimResponse', accept: true })}>
                Accept the claim
              </Button>
              <Button size="xs" variant="default" onClick={() => connection.send({ type: 'claimResponse', accept: false })}>
                Reject
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              Waiting for the opponents to answer.
            </Text>
          )}
        </Stack>
      </Alert>
    );
  }
  if (state.undo) {
    const asked = state.undo.awaiting.includes(state.seat);
    return (
      <Alert
        color="gray"
        title={`${seatName(state.undo.seat)} asks to undo their last ${state.contract ? 'card' : 'call'}`}
        className={classes.question}
      >
        {asked ? (
          <Group gap="xs">
            <Button size="xs" onClick={() => connection.send({ type: 'undoResponse', accept: true })}>
              Allow the undo
            </Button>
            <Button size="xs" variant="default" onClick={() => connection.send({ type: 'undoResponse', accept: false })}>
              Refuse
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            Waiting for the opponents to answer.
          </Text>
        )}
      </Alert>
    );
  }
  return null;
}

/**
 * The board's last rejected claim: withdrawn, and play went on. Everyone at the table reads it; the director (sat
 * with every hand) may rule on it while the board is in play, which ends the board from where the claim stood.
 */
function Dispute({ state, connection, live }: { state: PlayTableState; connection: PlayConnection; live: boolean }) {
  const disputed = state.disputed;
  const [tricks, setTricks] = useState<number | string>(disputed?.tricks ?? 0);
  if (!disputed || state.result) return null;
  const claimer = seatName(disputed.seat);
  const director = !state.seat && !state.kibitzer;
  const rule = (event: FormEvent) => {
    event.preventDefault();
    const given = Number(tricks);
    if (Number.isInteger(given) && given >= 0 && given <= disputed.left) connection.send({ type: 'ruling', tricks: given });
  };
  return (
    <Alert color="yellow" variant="light" title="Disputed claim" className={classes.question}>
      <Stack gap="xs">
        <Text size="sm">
          {claimer} claimed {disputed.tricks} of the {disputed.left} tricks left; {seatName(disputed.rejectedBy)} rejected it. Play goes on
          {director ? '.' : ': the director may still rule on it.'}
        </Text>
        {disputed.statement ? <Text size="sm">“{disputed.statement}”</Text> : null}
        {director ? (
          <form onSubmit={rule}>
            <Stack gap={6}>
              <NumberInput
                label={`Tricks for ${claimer}'s side of the ${disputed.left} left at the claim`}
                value={tricks}
                onChange={setTricks}
                min={0}
                max={disputed.left}
                allowDecimal={false}
                allowNegative={false}
                size="xs"
              />
              <Button type="submit" size="xs" disabled={!live} style={{ alignSelf: 'flex-start' }}>
                Rule and end the board
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Alert>
  );
}

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
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
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
  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const action = readTyped(state, typed);
    if (!action) {
      setTypedError(
        toCall(state)
          ? `"${typed}" is not a call you can make now`
          : handToPlay(state)
            ? `"${typed}" is not a card you can play now`
            : 'It is not your turn',
      );
      return;
    }
    connection.send(action.type === 'call' ? { type: 'call', call: action.call } : action);
    setTyped('');
    setTypedError(null);
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
          {state.seat ? (
            <form onSubmit={submitTyped} className={classes.typedForm}>
              <TextInput
                label="Type a call or a card"
                description="1NT, P, X · SA, H10"
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                error={typedError}
                size="xs"
                autoComplete="off"
                disabled={!live}
              />
            </form>
          ) : null}
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
