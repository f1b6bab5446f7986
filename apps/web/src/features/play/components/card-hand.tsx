import { useRef, type KeyboardEvent } from 'react';
import { suits, type SuitLetter } from '../../../components/contract-text';
import { cardWords, rankText, sortForDisplay } from '../table-model';
import classes from '../play-table.module.css';

export const CARD_DRAG_TYPE = 'application/x-bridge-card';

/** One card face: rank over suit, in the suit's colour, read out as "ace of spades". */
export function CardFace({ card, small = false }: { card: string; small?: boolean }) {
  const suit = suits[card[0] as SuitLetter];
  return (
    <span className={`${classes.face} ${suit.red ? classes.red : classes.black} ${small ? classes.faceSmall : ''}`}>
      <span aria-hidden="true" className={classes.rank}>
        {rankText(card)}
      </span>
      <span aria-hidden="true" className={classes.pip}>
        {suit.symbol}
      </span>
      <span className={classes.srOnly}>{cardWords(card)}</span>
    </span>
  );
}

interface CardHandProps {
  /** Whose hand, for its label: "Your hand", "Dummy (North)". */
  label: string;
  cards: readonly string[];
  /** The cards that may be played now; empty when this hand does not play now. */
  playable: readonly string[];
  onPlay?: (card: string) => void;
  /** Laid out in a column (a hand at the side of the table on a wide screen). */
  vertical?: boolean;
}

/**
 * A hand, fanned and sorted by suit in alternating colours. The cards that may be played are buttons (click, tap,
 * drag to the table, or the arrow keys and Enter); the others are shown dimmed and are not playable.
 */
export function CardHand({ label, cards, playable, onPlay, vertical = false }: CardHandProps) {
  const list = useRef<HTMLUListElement>(null);
  const sorted = sortForDisplay(cards);
  const canPlay = (card: string) => Boolean(onPlay) && playable.includes(card);

  // Arrow keys move between the playable cards (one tab stop for the whole hand); Enter or Space plays.
  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-playable="true"]') ?? [])];
    const at = buttons.indexOf(event.currentTarget);
    const step = event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 1;
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (at + step + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };
  const firstPlayable = sorted.find(canPlay);

  return (
    <ul ref={list} className={`${classes.hand} ${vertical ? classes.handVertical : ''}`} aria-label={`${label}: ${cards.length} cards`}>
      {sorted.map((card) => {
        const playableNow = canPlay(card);
        return (
          <li key={card} className={classes.handSlot}>
            {playableNow ? (
              <button
                type="button"
                className={`${classes.card} ${classes.playable}`}
                data-card={card}
                data-playable="true"
                tabIndex={card === firstPlayable ? 0 : -1}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.setData(CARD_DRAG_TYPE, card);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onKeyDown={move}
                onClick={() => onPlay?.(card)}
              >
                <CardFace card={card} />
              </button>
            ) : (
              <span className={`${classes.card} ${onPlay && playable.length > 0 ? classes.unplayable : ''}`} data-card={card}>
                <CardFace card={card} />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A hand in four lines, a suit a line ("♠ A K 7"), as hand diagrams print it: for a board looked back on. */
export function HandRows({ cards, label }: { cards: readonly string[]; label: string }) {
  const sorted = sortForDisplay(cards);
  return (
    <dl className={classes.handRows} aria-label={label}>
      {(['S', 'H', 'D', 'C'] as SuitLetter[]).map((suit) => {
        const ranks = sorted.filter((card) => card[0] === suit).map(rankText);
        return (
          <div key={suit} className={classes.handRow}>
            <dt className={suits[suit].red ? classes.red : classes.black}>
              <span aria-hidden="true">{suits[suit].symbol}</span>
              <span className={classes.srOnly}>{suits[suit].name}</span>
            </dt>
            <dd>{ranks.length ? ranks.join(' ') : '—'}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A hand the viewer may not see: its backs, as many as it holds. */
export function HiddenHand({ count, label }: { count: number; label: string }) {
  return (
    <div className={classes.hidden} aria-label={`${label}: ${count} cards, not shown`} role="img">
      {Array.from({ length: Math.min(count, 13) }, (_, i) => (
        <span key={i} className={classes.back} />
      ))}
    </div>
  );
}
